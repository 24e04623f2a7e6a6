"""The Python package's budgets (issue 30), run by bench/python.ts with the environment ``pnpm test:python`` makes
(the installed wheel). Prints one JSON line: ``{"rows": [...]}``.

The server is a child process on a raw TCP socket that writes one prepared HTTP/1.1 response per request as soon as the
request has arrived (the token endpoint gets a token, the roster a user, the ingest its counts), so the client's own
costs are what differs between the SDK and bare httpx on the same loopback server. The two clients run interleaved
in alternating batches; each ratio is the median of the rounds' ratios."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import sys
import time
import uuid
from typing import Any

import httpx

from learnkit import AsyncLearnKit, LearnKit
from learnkit._token_cache import shared_tokens

DOCUMENT = {
    "sourcedId": "8fc3d514-3262-41a0-a8bf-8f13259f20ca", "title": "Mathematics Standards", "creator": "LearnKit",
    "lastChangeDateTime": "2026-01-01T00:00:00Z", "uri": "https://case.example.com/uri/8fc3d514",
    "CFPackageURI": {"title": "Mathematics", "sourcedId": "8fc3d514-3262-41a0-a8bf-8f13259f20ca",
                     "uri": "https://case.example.com/uri/8fc3d514"},
}
PATH = "/ims/case/v1p1/CFDocuments/8fc3d514-3262-41a0-a8bf-8f13259f20ca"
CONFIG = {"sensor": "https://app.example.com", "app": {"name": "Bench"}, "courses": [{"code": "ALG-1", "subject": "Math"}]}
REQUESTS = int(os.environ.get("LEARNKIT_BENCH_REQUESTS", "1000"))
ROUNDS = int(os.environ.get("LEARNKIT_BENCH_ROUNDS", "5"))
BATCH = 50


def _respond(body: dict[str, Any]) -> bytes:
    data = json.dumps(body).encode()
    return (
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: " + str(len(data)).encode()
        + b"\r\nconnection: keep-alive\r\n\r\n" + data
    )


def serve(port: Any, counts: Any) -> None:
    """The child: responds to every request at once from prepared bytes, counting token requests and events."""
    token = _respond({"access_token": "bench-access-token-0123456789abcdef", "token_type": "Bearer", "expires_in": 3600})
    read = _respond({"CFDocument": DOCUMENT})
    users = _respond({"users": [{"sourcedId": "usr-bench"}]})

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                first = head.split(b"\r\n", 1)[0].decode()
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = await reader.readexactly(length) if length else b""
                if "/auth/1.0/token" in first:
                    counts[0] += 1
                    writer.write(token)
                elif "/caliper/v1p2" in first:
                    events = json.loads(body)["data"]
                    counts[1] += len(events)
                    writer.write(_respond({"accepted": len(events), "duplicates": 0}))
                elif "/users/" in first:
                    writer.write(users)
                else:
                    writer.write(read)
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=2048)
        port.value = server.sockets[0].getsockname()[1]
        async with server:
            await server.serve_forever()

    asyncio.run(main())


def sequential(base: str) -> tuple[float, float, float]:
    """Mean ms per read of each client over the rounds, and the median of the rounds' ratios."""
    lk = LearnKit(base, "bench-client", "bench-secret-value", timeout=600)
    bare = httpx.Client(timeout=httpx.Timeout(600.0))
    headers = {"authorization": "Bearer bench-access-token-0123456789abcdef", "accept": "application/json"}
    for _ in range(50):  # warm both pools and the token
        lk.case.documents.get(DOCUMENT["sourcedId"])
        bare.get(base + PATH, headers=headers).json()
    ratios: list[float] = []
    sdk_total = bare_total = 0.0
    per_round = REQUESTS // ROUNDS
    for _ in range(ROUNDS):
        sdk = plain = 0.0
        for _ in range(per_round // BATCH):
            started = time.perf_counter()
            for _ in range(BATCH):
                lk.case.documents.get(DOCUMENT["sourcedId"])
            sdk += time.perf_counter() - started
            started = time.perf_counter()
            for _ in range(BATCH):
                bare.get(base + PATH, headers=headers).json()
            plain += time.perf_counter() - started
        ratios.append(sdk / plain)
        sdk_total += sdk
        bare_total += plain
    lk.close()
    bare.close()
    return sdk_total / REQUESTS * 1000, bare_total / REQUESTS * 1000, statistics.median(ratios)


async def concurrent(base: str, counts: Any) -> tuple[float, float, float, int]:
    """1,000 concurrent reads per round through each client; the token requests of a fresh AsyncLearnKit."""
    # Clients of one process share their token (docs/decisions.md#d-shared-token-cache): start from an empty cache, so
    # the count is a cold start's, one request however many calls wait on it.
    shared_tokens.clear()
    before = counts[0]
    alk = AsyncLearnKit(base, "bench-client", "bench-secret-value", timeout=600, deadline=1800)
    # A generous limit for both clients: a thousand requests at once wait for one of the pool's 100 connections.
    bare = httpx.AsyncClient(timeout=httpx.Timeout(600.0))
    headers = {"authorization": "Bearer bench-access-token-0123456789abcdef", "accept": "application/json"}
    await asyncio.gather(*(alk.case.documents.get(DOCUMENT["sourcedId"]) for _ in range(REQUESTS)))
    tokens = counts[0] - before

    async def bare_get() -> Any:
        return (await bare.get(base + PATH, headers=headers)).json()

    await asyncio.gather(*(bare_get() for _ in range(100)))
    ratios: list[float] = []
    sdk_total = bare_total = 0.0
    for _ in range(ROUNDS):
        started = time.perf_counter()
        await asyncio.gather(*(alk.case.documents.get(DOCUMENT["sourcedId"]) for _ in range(REQUESTS)))
        sdk = time.perf_counter() - started
        started = time.perf_counter()
        await asyncio.gather(*(bare_get() for _ in range(REQUESTS)))
        plain = time.perf_counter() - started
        ratios.append(sdk / plain)
        sdk_total += sdk
        bare_total += plain
    await alk.close()
    await bare.aclose()
    return sdk_total / ROUNDS * 1000, bare_total / ROUNDS * 1000, statistics.median(ratios), tokens


async def records(base: str, counts: Any) -> tuple[int, int, float]:
    """200 concurrent ``record`` calls of a fresh AsyncLearnKit: token requests, events the ingest got, seconds."""
    shared_tokens.clear()
    tokens, events = counts[0], counts[1]
    alk = AsyncLearnKit(base, "bench-client", "bench-secret-value", activity_config=CONFIG, timeout=600, deadline=1800)
    started = time.perf_counter()
    results = await asyncio.gather(*(
        alk.activity.record(
            user={"email": "ada@example.com"},
            activity={"id": f"bench-{i}", "name": f"Bench {i}", "course": {"code": "ALG-1"}},
            metrics={"xp_earned": 1},
            idempotency_key=str(uuid.uuid4()),
        )
        for i in range(200)
    ))
    took = time.perf_counter() - started
    await alk.close()
    assert len({r.events[0]["id"] for r in results}) == 200
    return counts[0] - tokens, counts[1] - events, took


def say(what: str) -> None:
    print(f"python_bench: {what}", file=sys.stderr, flush=True)


def main() -> None:
    port = multiprocessing.Value("i", 0)
    counts = multiprocessing.Array("i", [0, 0])
    child = multiprocessing.Process(target=serve, args=(port, counts), daemon=True)
    child.start()
    for _ in range(200):
        if port.value:
            break
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port.value}"
    with socket.create_connection(("127.0.0.1", port.value), timeout=5):
        pass
    try:
        say("sequential reads ...")
        seq_sdk, seq_bare, seq_ratio = sequential(base)
        say("concurrent reads ...")
        con_sdk, con_bare, con_ratio, con_tokens = asyncio.run(concurrent(base, counts))
        say("concurrent records ...")
        rec_tokens, rec_events, rec_s = asyncio.run(records(base, counts))
    finally:
        child.terminate()
    rows = [
        {"name": f"{REQUESTS:,} sequential reads, LearnKit (lk.case.documents.get)", "value": seq_sdk, "unit": "ms/read",
         "ratio": seq_ratio, "budget": "<= 1.15x bare httpx.Client", "met": seq_ratio <= 1.15},
        {"name": f"{REQUESTS:,} sequential reads, bare httpx.Client", "value": seq_bare, "unit": "ms/read"},
        {"name": f"{REQUESTS:,} concurrent reads, AsyncLearnKit", "value": con_sdk, "unit": "ms per 1,000",
         "ratio": con_ratio, "budget": "<= 1.15x bare httpx.AsyncClient", "met": con_ratio <= 1.15},
        {"name": f"{REQUESTS:,} concurrent reads, bare httpx.AsyncClient", "value": con_bare, "unit": "ms per 1,000"},
        {"name": f"{REQUESTS:,} concurrent reads of a fresh AsyncLearnKit: token requests", "value": con_tokens,
         "unit": "requests", "budget": "1", "met": con_tokens == 1},
        {"name": "200 concurrent records: token requests", "value": rec_tokens, "unit": "requests", "budget": "1",
         "met": rec_tokens == 1},
        {"name": "200 concurrent records: events the ingest received", "value": rec_events, "unit": "events",
         "budget": "200 (none lost)", "met": rec_events == 200},
        {"name": "200 concurrent records: wall time", "value": rec_s * 1000, "unit": "ms"},
    ]
    print(json.dumps({"rows": rows, "python": sys.version.split()[0], "httpx": httpx.__version__}))


if __name__ == "__main__":
    main()
