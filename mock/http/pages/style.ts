/** One small stylesheet for every public page: system fonts, no web fonts, no external asset. */
export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f4f5f7}
main{max-width:760px;margin:0 auto;padding:32px 16px}
footer{text-align:center;color:#6e7781;font-size:13px;padding:0 16px 32px}
h1{font-size:28px;line-height:1.25;margin:4px 0 8px}
h2{font-size:19px;margin:28px 0 12px}
.card>h2:first-child{margin-top:0}
a{color:#0b63ce}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:12px;padding:24px;margin:0 0 16px}
.eyebrow{margin:0;color:#6e7781;font-size:13px;text-transform:uppercase;letter-spacing:.06em}
.lead{color:#57606a;margin:0 0 8px;white-space:pre-line}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:600;background:#eef1f4;color:#57606a;vertical-align:middle}
.badge.published,.badge.open{background:#dafbe1;color:#116329}
.badge.closed,.badge.ended{background:#ffebe9;color:#a40e26}
.notice{background:#fff8c5;border:1px solid #eedc82;border-radius:8px;padding:10px 14px;margin:12px 0}
.field{margin:0 0 22px}
.field>label,.field>.label{display:block;font-weight:600;margin:0 0 6px}
.req{color:#cf222e;margin-left:2px}
.help{color:#6e7781;font-size:14px;margin:-2px 0 8px}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],input[type=url],textarea,select{width:100%;padding:9px 11px;border:1px solid #d0d7de;border-radius:8px;font:inherit;background:#fff}
textarea{min-height:96px}
.choices{list-style:none;margin:0;padding:0}
.choices li{margin:0 0 6px}
.choices label{display:flex;gap:10px;align-items:center;padding:8px 12px;border:1px solid #d0d7de;border-radius:8px}
.stars{margin:0;font-size:30px;letter-spacing:4px;color:#d4a72c}
.scale{display:flex;flex-wrap:wrap;gap:6px}
.scale span{min-width:38px;text-align:center;padding:6px;border:1px solid #d0d7de;border-radius:8px}
button{font:inherit;font-weight:600;padding:10px 20px;border:0;border-radius:8px;background:#0b63ce;color:#fff}
button[disabled]{opacity:.55}
.muted{color:#6e7781;font-size:14px}
.code{font:700 44px/1.1 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.18em;margin:8px 0}
.join-box{text-align:center}
.teams{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:0}
.teams li{display:flex;align-items:center;gap:8px;padding:6px 12px;border:1px solid #d0d7de;border-radius:999px;background:#fff}
.swatch{width:14px;height:14px;border-radius:50%;display:inline-block}
.options{list-style:none;padding:0;margin:12px 0 0;display:grid;gap:8px}
.options li{padding:12px 16px;border-radius:10px;background:#eef3fb;border:1px solid #c9d8f0;font-weight:600}
.slide h3{font-size:24px;margin:0 0 8px}
.slide img{max-width:100%;border-radius:8px}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:12px;margin:16px 0}
.tile{background:#fff;border:1px solid #e3e6ea;border-radius:12px;padding:14px}
.tile b{display:block;font-size:26px}
.legend{display:flex;gap:16px;flex-wrap:wrap;font-size:14px;color:#57606a;margin:0 0 8px}
svg.chart{width:100%;height:auto;display:block}
svg.chart text{font:12px system-ui,sans-serif;fill:#57606a}
svg.chart text.value{fill:#1f2328;font-weight:600}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e6ea}
td.n,th.n{text-align:right}
details{margin-top:12px}
.notfound{text-align:center;padding:48px 24px}
body.screen{background:#0d1117;color:#f0f3f6;min-height:100vh}
body.screen main{max-width:1200px;padding:40px 32px}
body.screen footer{color:#8b949e}
.join-hint{margin:0;font-size:22px;color:#8b949e}
.join-hint b{color:#f0f3f6}
body.screen .card{background:#161b22;border-color:#30363d}
body.screen .eyebrow,body.screen .muted,body.screen .lead{color:#8b949e}
body.screen h1{font-size:48px}
body.screen .code{font-size:120px;color:#fff}
body.screen .options li{background:#1f6feb33;border-color:#1f6feb;font-size:28px;color:#f0f3f6}
body.screen .activity h2{font-size:40px}
body.screen .teams li{background:#161b22;border-color:#30363d;font-size:20px}
body.screen .scale span{border-color:#30363d}
`
