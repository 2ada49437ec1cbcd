/**
 * The console's one stylesheet, inline (no asset build): the store's colours (the header's theme, site/headerLayout.module.css),
 * system fonts, focus always visible, every text colour at least 4.5:1 on its background, and one
 * column below 700 px. Long text never widens a page: a reason breaks anywhere (one 500-letter
 * word included), a date stays on one line, and below 700 px a table keeps its columns readable
 * and scrolls as a whole in its region, except a table of few columns marked \`stack\`: there each row
 * becomes a card, each cell under the label its \`data-label\` names (what admin consoles do on a
 * phone: nothing to scroll sideways to, no column out of reach). An e-mail breaks only after its @
 * or before a dot (\`email()\`), never inside a word.
 */
export const CONSOLE_CSS = `
:root{--text:#1f1a17;--muted:#4d4540;--bg:#fff;--grey:#f2f0ee;--accent:#5b3a1e;--on-accent:#fff;--focus:#1a5fb4;--bar:#2b1d14;--err:#9b1c1c;--ok:#1d5c2e}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0;background:var(--bg);padding:8px}
.skip:focus{left:8px;z-index:1}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:8px 24px;background:var(--bar);color:#fff;padding:10px 24px}
.top a,.top .brand{color:#fff}
.brand{font-weight:700;margin:0}
.top ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
.top li{white-space:nowrap}
.top a[aria-current=page]{font-weight:700;text-underline-offset:4px}
.signOut{margin-left:auto;display:flex;align-items:center;gap:8px}
main{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:1.6rem;margin:.6em 0;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.2em 0 .4em;overflow-wrap:anywhere}
button,.button{font:inherit;background:var(--accent);color:var(--on-accent);border:0;border-radius:4px;padding:8px 14px;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:var(--bg);color:var(--accent);border:1px solid var(--accent)}
input[type=text],input[type=email],input[type=password],input[type=search],input[type=number],input[type=datetime-local],select,textarea{font:inherit;padding:6px 8px;border:1px solid #6b625c;border-radius:4px;max-width:100%}
label{font-weight:600}
.field{display:flex;flex-direction:column;gap:4px;margin:8px 0}
.notice{border-left:4px solid var(--ok);background:#eef6f0;padding:8px 12px}
.problem{border-left:4px solid var(--err);background:#fbeeee;padding:8px 12px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #d6d0cb;vertical-align:top}
.tableWrap{overflow-x:auto;max-width:100%}
td{overflow-wrap:break-word}
.reason,.needed{overflow-wrap:anywhere;min-width:12ch}
.email{overflow-wrap:normal;word-break:normal}
time,.when{white-space:nowrap}
fieldset{border:1px solid #d6d0cb;border-radius:4px;margin:12px 0;padding:8px 16px}
.switches{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:6px 16px}
.switches label{font-weight:400}
label.inline{font-weight:400;margin-right:12px}
caption{text-align:left;font-weight:600;padding:4px 0}
.muted{color:var(--muted)}
.row{display:flex;flex-wrap:wrap;gap:12px;align-items:end}
.pager{display:flex;gap:16px;margin:12px 0}
.waterfall{list-style:none;padding:0;margin:0}
.waterfall .waterfall{padding-left:14px;border-left:1px dotted #8a817a}
.spanRow{display:grid;grid-template-columns:1fr 300px;gap:8px;align-items:center;border-bottom:1px solid #eee;padding:2px 0}
.spanName{min-width:0;overflow-wrap:anywhere}
code{overflow-wrap:anywhere}
.spanRow:target,li:target>.spanRow{background:#fff5d6}
.bar{position:relative;height:14px;background:var(--grey)}
.bar span{position:absolute;top:0;height:14px;background:var(--accent);min-width:2px}
.bar span.error{background:var(--err)}
.split{display:grid;grid-template-columns:3fr 2fr;gap:24px}
@media (max-width:700px){main{padding:12px}.tableWrap>table{min-width:640px}.split{grid-template-columns:1fr}.spanRow{grid-template-columns:1fr}.signOut{margin-left:0}
.tableWrap>table.stack{min-width:0}
table.stack>thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.stack,table.stack>tbody,table.stack>tbody>tr,table.stack>tbody>tr>*{display:block}
table.stack>caption{display:block}
table.stack>tbody>tr{border:1px solid #d6d0cb;border-radius:4px;margin:0 0 12px;padding:6px 10px}
table.stack>tbody>tr>*{border:0;padding:3px 0;min-width:0}
table.stack>tbody>tr>[data-label]{display:grid;grid-template-columns:minmax(6.5em,35%) minmax(0,1fr);gap:10px}
table.stack>tbody>tr>[data-label]::before{content:attr(data-label);font-weight:600;color:var(--muted)}
table.stack>tbody>tr>[data-label]>input[type=checkbox]{justify-self:start;margin:3px 0}
table.stack>tbody>tr>[data-label]>div>:first-child{margin-top:0}
table.stack>tbody>tr>td:empty{display:none}}
`
