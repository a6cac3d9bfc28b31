import "~/assembly/portal.server";
import { listAudit } from "~/audit/audit-log.server";
import { auditQueryOf } from "~/audit/query";
import { actorOf, recordedPostgres } from "/work/main/bench/recorded-database";
const db = recordedPostgres("postgres://postgres@127.0.0.1:5432/audit_bench");
const who = process.argv[3] ?? "scaleadmin@example.com";
const actor = await actorOf(db.handle, who);
const view = (process.argv[4] ?? "users") as "users";
const q = auditQueryOf(new URLSearchParams(process.argv[2]));
let t = performance.now(); const r = await listAudit(db.handle.db, actor, view, q); console.log("ms", performance.now() - t, r.total);
t = performance.now(); await listAudit(db.handle.db, actor, view, q); console.log("ms again", performance.now() - t);
db.recorder.statements = []; db.recorder.recording = true; await listAudit(db.handle.db, actor, view, q); db.recorder.recording = false;
for (const st of db.recorder.statements) { if (/^\s*explain/i.test(st.text)) continue; const p = await db.explain(st.text, st.values); console.log(p.split("\n").filter(l=>!/Buffers|Worker/.test(l)).map(l=>l.slice(0,220)).join("\n")); console.log("-----"); }
await db.handle.close();
