/**
 * Style rules of the page-load pages alone (the search, the waterfall and its detail), added after
 * the console's stylesheet: every text colour at least 4.5:1 on its background.
 */
export const TRACE_CSS = `
.tag{display:inline-block;font-size:.8rem;font-weight:600;padding:0 6px;border-radius:3px;background:#fbeeee;color:var(--err);border:1px solid var(--err);white-space:nowrap}
.tag.later{background:#eef3fb;color:#1f4e8c;border-color:#1f4e8c}
.err{color:var(--err)}
.hint{font-size:.8rem;color:var(--muted)}
.search .field input[type=text]{min-width:0;width:14em;max-width:100%}
th a{color:inherit}
/* A scroll region holds its visually hidden texts, or they would widen the page from where they sit. */
.tableWrap,.wf{position:relative}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:4px 0 8px;font-size:.9rem}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:baseline}
.errorSwatch{background:repeating-linear-gradient(45deg,#c0392b 0 3px,#8e1b12 3px 6px)}
.cp{color:#8a5a00;font-size:.8rem}
.wf{overflow-x:auto;border:1px solid #d6d0cb;border-radius:4px;--label:clamp(340px,40%,560px)}
.wfInner{min-width:860px}
.wfList{list-style:none;margin:0;padding:0}
.wfList li{position:relative}
.wfRow,.wfAxis{display:grid;grid-template-columns:var(--label) 1fr;align-items:center;min-height:30px;border-bottom:1px solid #eeeae7}
.wfAxis{position:sticky;top:0;background:var(--bg);font-size:.8rem;color:var(--muted);border-bottom:1px solid #b9b1ab;z-index:1}
.wfLabel{min-width:0;padding:2px 8px 2px calc(var(--indent,0px) + 24px);display:flex;flex-direction:column;line-height:1.25;border-right:1px solid #d6d0cb}
.wfAxis .wfLabel{padding-left:8px}
/* A span's name and facts wrap in their column rather than end in an ellipsis: the name is what an engineer came to read. */
.wfName,.wfMeta{overflow-wrap:anywhere}
.wfMeta{font-size:.8rem;color:var(--muted)}
.wfRow:hover,li.selected>.wfRow,li:target>.wfRow{background:#fff5d6}
.wfTrack,.wfTicks{position:relative;height:100%;min-height:28px;margin:0 12px;background:repeating-linear-gradient(to right,#e3dfdb 0 1px,transparent 1px var(--step))}
.wfTicks span{position:absolute;top:6px;transform:translateX(-50%);white-space:nowrap}
.wfTicks span:first-child{transform:none}
.wfTicks span.end{transform:translateX(-100%)}
.wfBar{position:absolute;top:8px;height:14px;min-width:2px;border-radius:2px;background:#455a64}
.wfRow.error .wfBar{background:repeating-linear-gradient(45deg,#c0392b 0 4px,#8e1b12 4px 8px)}
.wfRow.critical .wfBar{box-shadow:0 0 0 2px #fff,0 0 0 4px #8a5a00}
.wfList details>summary{position:absolute;top:6px;left:calc(var(--indent,0px) + 4px);width:18px;height:18px;list-style:none;cursor:pointer;border-radius:3px;text-align:center;line-height:18px}
.wfList details>summary::-webkit-details-marker{display:none}
.wfList details>summary::before{content:'▸';color:var(--accent)}
.wfList details[open]>summary::before{content:'▾'}
.spanDetail{border:1px solid #d6d0cb;border-left:4px solid var(--accent);margin:4px 8px 8px calc(var(--indent,0px) + 24px);padding:4px 12px;max-width:860px;background:var(--bg)}
.spanDetail h3{margin:.4em 0;font-size:1.05rem;overflow-wrap:anywhere}
.spanDetail h4{margin:.8em 0 .2em;font-size:.95rem}
.spanDetail dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:4px 0}
.spanDetail dt{font-weight:600}
.spanDetail dd{margin:0;overflow-wrap:anywhere}
.kv{margin:6px 0;font-size:.9rem}
.kv caption{text-align:left;font-weight:600;padding:4px 0}
.kv th{font-weight:600;white-space:normal;overflow-wrap:anywhere;width:40%}
.kv td{overflow-wrap:anywhere}
.wfText{margin:12px 0}
.later{padding-left:20px}
/* On a phone the waterfall fits the width: each span's text above its bar, every other tick labelled. */
@media (max-width:700px){.wfInner{min-width:0}.wfRow,.wfAxis{grid-template-columns:minmax(0,1fr)}.wfAxis .wfLabel{display:none}
.wfLabel{border-right:0}.wfTrack{min-height:22px}.wfBar{top:4px}.wfTicks{min-height:28px}
.wfTicks span:nth-child(even):not(:first-child){visibility:hidden}
.spanDetail{margin:4px 0 8px;max-width:none}}
`
