import { STUDIO_SCRIPT } from './page-script';
import { STUDIO_STYLE } from './page-style';

const BODY = `
<a class="button" href="#roster" style="position:absolute;left:-999px" onfocus="this.style.left='1rem'" onblur="this.style.left='-999px'">Skip to the panels</a>
<header>
  <h1>LearnKit Studio</h1>
  <p id="platform">platform …</p>
  <p id="live" role="status" aria-live="polite">Connecting…</p>
</header>
<main>
  <section id="roster" aria-labelledby="roster-h">
    <h2 id="roster-h">Roster and launch</h2>
    <label for="roster-search">Search</label><input id="roster-search" type="search" autocomplete="off" placeholder="name, email, id">
    <span id="roster-count" class="muted"></span>
    <ul id="roster-list" class="roster" aria-label="Organizations, classes and students"></ul>
  </section>
  <section aria-labelledby="runs-h">
    <h2 id="runs-h">Live activity</h2>
    <p class="legend"><span><span class="swatch" style="background:#2f81f7"></span>active</span><span><span class="swatch" style="background:#a8b3bf"></span>inactive</span><span><span class="swatch" style="outline:2px dashed #b42318"></span>exit beacon</span></p>
    <div id="runs" aria-live="polite"></div>
  </section>
  <section aria-labelledby="caliper-h">
    <h2 id="caliper-h">Caliper events <span id="caliper-count" class="muted"></span></h2>
    <div id="caliper-list" class="vlist" tabindex="0" role="region" aria-label="Caliper events, scroll for more"><div id="caliper-inner" role="list" style="position:relative"></div></div>
    <ul id="caliper-refused" aria-label="Refused events and why"></ul>
  </section>
  <section aria-labelledby="grades-h">
    <h2 id="grades-h">Gradebook</h2>
    <div id="gradebook"></div>
  </section>
  <section class="wide" aria-labelledby="deliveries-h">
    <h2 id="deliveries-h">Webhook deliveries</h2>
    <form id="raise" hidden>
      <label for="raise-type">Event type</label><select id="raise-type"></select>
      <button type="submit">Raise event</button>
      <span id="raise-status" role="status"></span>
    </form>
    <div id="deliveries"></div>
  </section>
  <section aria-labelledby="subs-h">
    <h2 id="subs-h">Webhook subscriptions</h2>
    <div id="subscriptions"></div>
  </section>
  <section aria-labelledby="sessions-h">
    <h2 id="sessions-h">Sessions and insights</h2>
    <div id="sessions"></div>
    <ul id="notes"></ul>
  </section>
  <section class="wide" aria-labelledby="tokens-h">
    <h2 id="tokens-h">Token requests and scopes</h2>
    <div id="tokens"></div>
  </section>
</main>`;

/** The studio's one page: markup, style and script inline, nothing from any other origin. */
export function studioPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>LearnKit Studio</title><style>${STUDIO_STYLE}</style></head>
<body>${BODY}
<script>${STUDIO_SCRIPT}</script></body></html>`;
}
