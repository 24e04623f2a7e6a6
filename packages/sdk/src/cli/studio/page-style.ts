/** The page's stylesheet: system fonts, one column on a phone, a grid of panels on a desktop. */
export const STUDIO_STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --dim: #57606a; --line: #d0d7de; --accent: #0b5cad; --ok: #1a7f37; --bad: #b42318; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; padding: .75rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
header h1 { font-size: 1.15rem; margin: 0; }
header p { margin: 0; color: var(--dim); overflow-wrap: anywhere; }
main { display: grid; gap: 1rem; padding: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 36rem), 1fr)); }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; min-width: 0; }
section h2 { font-size: 1rem; margin: 0 0 .5rem; }
.wide { grid-column: 1 / -1; }
label { font-weight: 600; margin-right: .5rem; }
input, select, button, a.button { font: inherit; padding: .35rem .6rem; border-radius: 6px; border: 1px solid var(--line); }
button, a.button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; text-decoration: none; display: inline-block; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--dim); font-weight: 600; white-space: nowrap; }
.scroll { overflow-x: auto; }
ul.roster { list-style: none; margin: .5rem 0 0; padding: 0; max-height: 22rem; overflow: auto; }
ul.roster li { display: flex; justify-content: space-between; align-items: center; gap: .5rem; padding: .3rem 0; border-bottom: 1px solid var(--line); }
.kind { color: var(--dim); font-size: .85em; }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.muted { color: var(--dim); }
.run { margin: .5rem 0 1rem; }
.bar { position: relative; height: 22px; background: #eef1f4; border-radius: 4px; overflow: hidden; }
.seg { position: absolute; top: 0; bottom: 0; }
.seg.active { background: #2f81f7; }
.seg.inactive { background: #a8b3bf; }
.seg.exit { outline: 2px dashed var(--bad); outline-offset: -2px; }
.legend span { margin-right: 1rem; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .3em; vertical-align: -.1em; }
.vlist { position: relative; height: 18rem; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; }
.vrow { position: absolute; left: 0; right: 0; height: 28px; display: grid; grid-template-columns: 7rem 1fr 6rem; gap: .5rem; align-items: center; padding: 0 .5rem; border-bottom: 1px solid #eef1f4; white-space: nowrap; overflow: hidden; }
.vrow .why { grid-column: 2 / 4; }
.vrow.refused { background: #fff1f0; }
@media (max-width: 600px) { main { padding: .5rem; } .vrow { grid-template-columns: 5rem 1fr 4.5rem; } }
`;
