/**
 * The page's script: plain DOM, no framework (docs/decisions.md#d-studio-stack). It reads the token from its own
 * URL, listens to /api/stream (server-sent events) and renders each snapshot; the Caliper list is virtualized
 * (only the rows in view exist), so 10,000 events paint as fast as ten.
 */
export const STUDIO_SCRIPT = `
'use strict';
var token = new URLSearchParams(location.search).get('token') || '';
var q = function (path) { return path + (path.indexOf('?') < 0 ? '?' : '&') + 'token=' + encodeURIComponent(token); };
var data = null;
var ROW = 28;
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === 'text') node.textContent = attrs[k]; else if (k === 'cls') node.className = attrs[k]; else node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
  return node;
}
function fill(id, nodes) { var box = document.getElementById(id); box.replaceChildren.apply(box, nodes); }
function when(ms) { return ms ? new Date(ms).toLocaleTimeString() : ''; }
function secs(ms) { return (ms / 1000).toFixed(1) + ' s'; }
function table(caption, heads, rows) {
  if (!rows.length) return el('p', { cls: 'muted', text: 'None yet.' });
  return el('div', { cls: 'scroll' }, [el('table', {}, [
    el('caption', { cls: 'muted', text: caption }),
    el('thead', {}, [el('tr', {}, heads.map(function (h) { return el('th', { scope: 'col', text: h }); }))]),
    el('tbody', {}, rows.map(function (r) { return el('tr', {}, r.map(function (c) { return el('td', {}, [c === null || c === undefined ? '' : typeof c === 'object' ? c : String(c)]); })); })),
  ])]);
}
function renderRoster() {
  var needle = document.getElementById('roster-search').value.trim().toLowerCase();
  var rows = data.roster.filter(function (r) { return !needle || (r.name + ' ' + r.id + ' ' + (r.email || '') + ' ' + r.kind).toLowerCase().indexOf(needle) >= 0; });
  fill('roster-list', rows.slice(0, 300).map(function (r) {
    var launch = r.kind === 'student' && data.mode === 'mock'
      ? el('a', { cls: 'button', href: q('/launch?user=' + encodeURIComponent(r.id)), target: '_blank', rel: 'noopener', text: 'Launch as ' + r.name })
      : null;
    return el('li', {}, [el('span', {}, [r.name + ' ', el('span', { cls: 'kind', text: r.kind + (r.email ? ' · ' + r.email : '') })]), launch]);
  }));
  document.getElementById('roster-count').textContent = rows.length + ' of ' + data.roster.length;
}
function renderRuns() {
  // The latest 20 runs: a timeline each.
  fill('runs', data.runs.length ? data.runs.slice().reverse().map(function (run) {
    var ws = run.windows;
    var start = ws.length ? ws[0].startedAt : 0;
    var end = Math.max.apply(null, ws.map(function (w) { return w.endedAt; }).concat([run.completion ? run.completion.at : start + 1]));
    var span = Math.max(end - start, 1);
    var segs = [];
    ws.forEach(function (w, i) {
      var left = (w.startedAt - start) / span * 100, width = (w.endedAt - w.startedAt) / span * 100;
      var activeShare = w.activeMs / Math.max(w.activeMs + w.inactiveMs, 1);
      segs.push(el('div', { cls: 'seg active' + (w.exit ? ' exit' : ''), style: 'left:' + left + '%;width:' + (width * activeShare) + '%' }));
      if (w.inactiveMs) segs.push(el('div', { cls: 'seg inactive', style: 'left:' + (left + width * activeShare) + '%;width:' + (width * (1 - activeShare)) + '%' }));
    });
    var pauses = ws.filter(function (w) { return w.pauseBeforeMs > 0; }).length;
    var c = run.completion;
    var summary = 'active ' + secs(run.activeMs) + ', inactive ' + secs(run.inactiveMs) + ', ' + ws.length + ' window(s), ' + pauses + ' pause(s)' + (ws.some(function (w) { return w.exit; }) ? ', exit beacon' : '');
    var label = run.activity + ' (' + run.student + '): ' + summary;
    return el('div', { cls: 'run', 'data-run': run.runId }, [
      el('h3', { text: run.activity + ' · ' + run.student }),
      el('div', { cls: 'bar', role: 'img', 'aria-label': label }, segs),
      el('p', { text: summary }),
      c ? el('p', { cls: 'ok completion', text: 'Completed at ' + when(c.at) + ': ' + ['xpEarned', 'totalQuestions', 'correctQuestions', 'masteredUnits', 'pctComplete'].filter(function (k) { return c[k] !== undefined; }).map(function (k) { return k + ' ' + c[k]; }).join(', ') }) : null,
    ]);
  }) : [el('p', { cls: 'muted', text: 'No run yet: start an activity in your app.' })]);
}
function renderCaliper() {
  var box = document.getElementById('caliper-list');
  var rows = data.caliper;
  var inner = document.getElementById('caliper-inner');
  inner.style.height = rows.length * ROW + 'px';
  var first = Math.max(0, Math.floor(box.scrollTop / ROW) - 5);
  var last = Math.min(rows.length, first + Math.ceil(box.clientHeight / ROW) + 10);
  var nodes = [];
  for (var i = first; i < last; i++) {
    var r = rows[i];
    nodes.push(el('div', { cls: 'vrow' + (r[3] ? '' : ' refused'), role: 'listitem', style: 'top:' + i * ROW + 'px', title: r[4] || '' }, [
      el('span', { text: when(r[2]) }), el('span', { text: r[0] + ' ' + r[1] }),
      el('span', { cls: r[3] ? 'ok' : 'bad', text: r[3] ? 'accepted' : 'refused' }),
    ]));
  }
  inner.replaceChildren.apply(inner, nodes);
  document.getElementById('caliper-count').textContent = rows.length + ' event(s)';
  var refused = rows.filter(function (r) { return !r[3]; });
  fill('caliper-refused', refused.slice(-20).map(function (r) { return el('li', {}, [el('span', { cls: 'bad', text: 'Refused ' }), r[0] + ' ' + r[1] + ': ' + r[4]]); }));
}
function render() {
  document.getElementById('platform').textContent = 'platform ' + data.platformUrl + (data.mode === 'remote' ? ' (read-only)' : '');
  renderRoster(); renderRuns(); renderCaliper();
  fill('gradebook', [table('Results', ['student', 'line item', 'score', 'status', 'when'], data.gradebook.map(function (g) { return [g.student, g.lineItem, g.score, g.status, g.at]; }))]);
  fill('deliveries', [table('Deliveries', ['event', 'status', 'attempts', 'response', 'next retry', 'signature verified'], data.deliveries.map(function (d) {
    return [d.type, d.status, d.attempts, d.lastStatus, d.nextRetryAt ? when(d.nextRetryAt) : '', el('span', { cls: d.verified === 'yes' ? 'ok' : d.verified === 'no' ? 'bad' : 'muted', text: d.verified })];
  }))]);
  fill('tokens', [table('Tokens', ['when', 'client', 'endpoint', 'scopes'], data.tokens.slice(-200).map(function (t) { return [when(t.at), t.client, t.endpoint, t.scopes.join(' ')]; }))]);
  fill('subscriptions', [table('Subscriptions', ['url', 'status', 'events'], data.subscriptions.map(function (s) { return [s.url, s.status, s.eventTypes.join(', ')]; }))]);
  fill('sessions', [table('Sessions', ['session', 'student', 'started', 'insights'], data.sessions.map(function (s) { return [s.id, s.student, s.startedAt, s.insights.join(', ')]; }))]);
  fill('notes', data.notes.map(function (n) { return el('li', { cls: 'bad', text: n }); }));
  var select = document.getElementById('raise-type');
  if (select.options.length !== data.eventTypes.length) fill('raise-type', data.eventTypes.map(function (t) { return el('option', { value: t, text: t }); }));
  document.getElementById('raise').hidden = data.eventTypes.length === 0;
}
document.getElementById('roster-search').addEventListener('input', function () { if (data) renderRoster(); });
document.getElementById('caliper-list').addEventListener('scroll', function () { if (data) renderCaliper(); });
document.getElementById('raise').addEventListener('submit', function (e) {
  e.preventDefault();
  var type = document.getElementById('raise-type').value;
  fetch(q('/api/raise'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: type }) })
    .then(function (r) { return r.json(); })
    .then(function (b) { document.getElementById('raise-status').textContent = b.message ? b.message : 'Raised ' + b.type + ' ' + b.id; });
});
var source = new EventSource(q('/api/stream'));
source.addEventListener('snapshot', function (e) {
  data = JSON.parse(e.data);
  render();
  if (!document.body.hasAttribute('data-ready')) {
    requestAnimationFrame(function () { document.body.setAttribute('data-painted-ms', String(Math.round(performance.now()))); });
  }
  document.body.setAttribute('data-ready', 'true');
  document.getElementById('live').textContent = 'Live: updated ' + new Date().toLocaleTimeString();
});
source.onerror = function () { document.getElementById('live').textContent = 'Disconnected: is learnkit studio still running?'; };
`;
