// Forgetting, always after a confirmation that says exactly what goes: the preview's counts.

import { del, get, query, userPath } from "./api.js";
import { $, h, plural } from "./dom.js";

// target: {episode_id}, {session_id}, {memory_id} or {everything: true}
export async function forget(user, target) {
  const preview = await get(userPath(user, `/forget-preview${query(target)}`));
  if (!(await confirmed(preview))) return false;
  await del(deletePath(user, target));
  return true;
}

function deletePath(user, target) {
  if (target.episode_id) return userPath(user, `/episodes/${encodeURIComponent(target.episode_id)}`);
  if (target.session_id) return userPath(user, `/sessions/${encodeURIComponent(target.session_id)}`);
  if (target.memory_id) return userPath(user, `/memories/${encodeURIComponent(target.memory_id)}`);
  return userPath(user);
}

function lines(p) {
  return [
    p.episodes && `${plural(p.episodes, "message")}${p.sessions ? ` in ${plural(p.sessions, "conversation")}` : ""}`,
    p.saved_memories && `${plural(p.saved_memories, "saved memory", "saved memories")}`,
    p.summaries_deleted && `${plural(p.summaries_deleted, "conversation summary", "conversation summaries")}`,
    p.insights_deleted && `${plural(p.insights_deleted, "insight")}`,
    p.settings && "the user's settings (timezone, hemisphere, language)",
  ].filter(Boolean);
}

function changed(p) {
  return [
    p.summaries_rewritten && `${plural(p.summaries_rewritten, "summary", "summaries")} rewritten without it`,
    p.insights_recomputed && `${plural(p.insights_recomputed, "insight")} recomputed without it`,
  ].filter(Boolean);
}

function confirmed(preview) {
  const dialog = $("confirm");
  $("confirm-title").textContent = `Forget ${preview.description}?`;
  const removed = lines(preview);
  const rewritten = changed(preview);
  // replaceChildren writes a null as the text "null": only nodes go in
  $("confirm-body").replaceChildren(...[
    h("p", {}, removed.length ? "This removes, for good:" : "Nothing stored will be removed."),
    removed.length && h("ul", { id: "confirm-counts" }, removed.map((line) => h("li", {}, line))),
    rewritten.length && h("p", {}, "And updates:"),
    rewritten.length && h("ul", {}, rewritten.map((line) => h("li", {}, line))),
  ].filter(Boolean));
  return ask(dialog);
}

// Opens the confirmation as it is filled; true when the person chose Forget.
export function ask(dialog = $("confirm")) {
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
  });
}

// Several saved memories at once, after one confirmation that lists them and counts the
// retired versions that go with them.
export async function forgetMemories(user, memories) {
  if (!memories.length) return false;
  const previews = await Promise.all(memories.map((m) => get(userPath(user, `/forget-preview${query({ memory_id: m.id })}`))));
  const total = previews.reduce((sum, p) => sum + p.saved_memories, 0);
  $("confirm-title").textContent = `Forget ${plural(memories.length, "saved memory", "saved memories")}?`;
  $("confirm-body").replaceChildren(
    h("p", {}, "This removes, for good:"),
    h("ul", { id: "confirm-counts" }, memories.map((m) => h("li", {}, `“${m.fact}”`))),
    h("p", { class: "muted small" }, `${plural(total, "saved memory", "saved memories")} in all, with the older versions they replaced.`),
  );
  if (!(await ask())) return false;
  for (const m of memories) await del(userPath(user, `/memories/${encodeURIComponent(m.id)}`));
  return true;
}
