import { HttpError } from '../internal/http-error.js';
import type { OperationContext, OperationRoutes } from '../operations/dispatch.js';
import { issueToken } from '../tokens.js';

const oauth = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
  new HttpError(status, description, error, headers);

const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="learnkit"' };

/** A 401 `invalid_client`, by default with the challenge that asks for HTTP Basic client authentication. */
const invalidClient = (description: string, challenge = true) =>
  oauth(401, 'invalid_client', description, challenge ? BASIC_CHALLENGE : {});

/** Client id and secret from HTTP Basic (RFC 6749 2.3.1: form-urlencoded before base64) or from the form. */
function credentialsOf(
  request: Request,
  form: URLSearchParams,
): { id: string; secret: string; basic: boolean } | undefined {
  const header = request.headers.get('authorization');
  if (!header) {
    const id = form.get('client_id');
    const secret = form.get('client_secret');
    return id === null && secret === null ? undefined : { id: id ?? '', secret: secret ?? '', basic: false };
  }
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!basic) throw invalidClient('Only HTTP Basic client authentication is supported');
  let decoded = '';
  try {
    decoded = atob(basic[1]!);
  } catch {
    // Not base64: malformed, as credentials without a colon are.
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('Malformed HTTP Basic credentials');
  const formDecode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return {
    id: formDecode(decoded.slice(0, colon)),
    secret: formDecode(decoded.slice(colon + 1)),
    basic: true,
  };
}

async function issue(
  context: OperationContext<'issueToken' | 'issueCaseToken'>,
  endpoint: string,
): Promise<Response> {
  const { core, request } = context;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw oauth(400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(await request.text());
  const credentials = credentialsOf(request, form);
  if (!credentials)
    throw invalidClient('Client authentication is required (HTTP Basic or client_id and client_secret)');
  const client = core.state.clients.get(credentials.id);
  if (!client || client.clientSecret !== credentials.secret)
    throw invalidClient('Client authentication failed', credentials.basic);
  const grant = form.get('grant_type');
  if (grant === null || grant === '') throw oauth(400, 'invalid_request', 'grant_type is required');
  if (grant !== 'client_credentials')
    throw oauth(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  const requested = (form.get('scope') ?? '').split(/\s+/).filter((scope) => scope.length > 0);
  const unknown = requested.filter((scope) => !client.scopes.includes(scope));
  if (unknown.length > 0)
    throw oauth(400, 'invalid_scope', `Scopes not granted to this client: ${unknown.join(' ')}`);
  const scopes = requested.length > 0 ? [...new Set(requested)] : client.scopes;
  const token = issueToken(core, client, scopes, endpoint);
  return context.json(
    200,
    {
      access_token: token.token,
      token_type: 'Bearer',
      expires_in: core.options.tokenTtlSec,
      scope: scopes.join(' '),
    },
    { 'cache-control': 'no-store', pragma: 'no-cache' },
  );
}

/** The two token endpoints: the platform's (`/auth/1.0/token`, HTTP Basic) and the identity provider's (`/oauth2/token`, form). */
export const handlers: OperationRoutes = {
  issueToken: (context) => issue(context, '/auth/1.0/token'),
  issueCaseToken: (context) => issue(context, '/oauth2/token'),
};
