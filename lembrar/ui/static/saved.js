// Saved memories, insights and summaries: read, edit, delete, regenerate; and forgetting a user.

import { del, get, patch, post, userPath } from "./api.js";
import { download } from "./download.js";
import { $, h, longDay, plural, shortDay, toast } from "./dom.js";
import { forget, forgetMemories } from "./forget.js";

let user = null;
let facts = [];
let goTo = null;

export function init(options) {
  goTo = options.goTo;
  $("fact-form").addEventListener("submit", (event) => { event.preventDefault(); save($("fact-text").value); });
  $("facts-filter").addEventListener("input", renderFacts);
  $("facts-all").addEventListener("change", (event) => {
    for (const box of $("facts").querySelectorAll("input[type=checkbox]")) box.checked = event.target.checked;
    selectionChanged();
  });
  $("facts-delete").addEventListener("click", deleteSelected);
  $("export-episodes").addEventListener("click", () => download(userPath(user, "/export"), `lembrar-${user}.jsonl`));
  $("export-memories").addEventListener("click", () => download(userPath(user, "/memories"),
    `lembrar-${user}-memories.json`));
  $("insights-refresh").addEventListener("click", refreshInsights);
  $("forget-user").addEventListener("click", forgetUser);
}

export function reset() { user = null; }

export function open(next) {
  user = next;
  $("fact-outcome").replaceChildren();
  $("forget-user").textContent = `Forget everything about ${user}…`;
  return Promise.all([loadFacts(), loadInsights(), loadSummaries()]);
}

function failed(error) { toast(`${error.field ? `${error.field}: ` : ""}${error.message}`); }

// -- saved memories ----------------------------------------------------------------------
async function loadFacts() {
  try {
    facts = (await get(userPath(user, "/memories"))).memories;
    renderFacts();
  } catch (error) {
    facts = [];
    $("facts").replaceChildren(h("li", { class: "error" }, error.message));
  }
}

// The saved memories whose text holds every word of the search box.
function renderFacts() {
  const words = $("facts-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = facts.filter((m) => words.every((w) => m.fact.toLowerCase().includes(w)));
  $("facts").replaceChildren(...shown.map(factItem));
  if (!facts.length) $("facts").append(h("li", { class: "muted" }, "No saved memories."));
  else if (!shown.length) $("facts").append(h("li", { class: "muted" }, "No saved memory has these words."));
  $("facts-all").checked = false;
  selectionChanged();
}

function selected() {
  const ids = new Set([...$("facts").querySelectorAll("input[type=checkbox]:checked")].map((box) => box.value));
  return facts.filter((m) => ids.has(m.id));
}

function selectionChanged() {
  const count = selected().length;
  $("facts-delete").disabled = !count;
  $("facts-delete").textContent = count ? `Delete ${plural(count, "selected memory", "selected memories")}…`
    : "Delete selected…";
}

async function deleteSelected() {
  try {
    const chosen = selected();
    if (!(await forgetMemories(user, chosen))) return;
    toast(`Deleted ${plural(chosen.length, "saved memory", "saved memories")}.`);
    await loadFacts();
  } catch (error) { failed(error); }
}

// The timeline at the message a saved memory was captured from, highlighted.
async function openSource(episodeId) {
  try {
    const episode = await get(userPath(user, `/episodes/${encodeURIComponent(episodeId)}`));
    goTo("timeline", { day: episode.tags.local_date, episode: episode.id, session: episode.session_id });
  } catch (error) {
    toast(error.status === 404 ? "The message it came from is no longer stored." : error.message);
  }
}

function factItem(m) {
  const text = h("span", { class: "fact" }, m.fact);
  const item = h("li", { class: "selectable", dataset: { memory: m.id } },
    h("input", { type: "checkbox", value: m.id, "aria-label": `Select “${m.fact}”`, onchange: selectionChanged }),
    text,
    h("span", { class: "muted small" }, `saved ${longDay(m.updated_at.slice(0, 10))}`,
      m.source_episode_id ? [" · ", h("button", { type: "button", class: "link",
        "aria-label": `Open the message “${m.fact}” came from`, onclick: () => openSource(m.source_episode_id) },
      "from a message")] : null),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "quiet", "aria-label": `Edit “${m.fact}”`,
        onclick: () => editInPlace(item, m.fact, (fact) => patch(userPath(user, `/memories/${m.id}`), { fact }),
          loadFacts) }, "Edit"),
      h("button", { type: "button", class: "quiet", "aria-label": `Delete “${m.fact}”`,
        onclick: () => forgetThen({ memory_id: m.id }, "Deleted the saved memory.") }, "Delete…")));
  return item;
}

async function save(fact, onConflict = "ask") {
  try {
    const result = await post(userPath(user, "/memories"), { fact, on_conflict: onConflict });
    $("fact-outcome").replaceChildren(outcome(result, fact));
    if (result.status === "saved") $("fact-text").value = "";
    await loadFacts();
  } catch (error) {
    $("fact-outcome").replaceChildren(h("p", { class: "error", role: "alert" }, error.message));
  }
}

function outcome(result, fact) {
  if (result.status === "saved") {
    return h("p", { class: "outcome" }, `Saved “${result.memory.fact}”`
      + (result.replaced ? `, replacing “${result.replaced.fact}”.` : "."));
  }
  if (result.status === "duplicate") {
    return h("p", { class: "outcome" }, `Already saved as “${result.existing.fact}” (${result.reason}); nothing changed.`);
  }
  const box = h("div", { class: "outcome conflict", role: "alert" },
    h("p", {}, `“${fact}” contradicts the saved “${result.existing.fact}”`
      + (result.reason ? ` (${result.reason})` : "") + ". Nothing was saved yet."),
    h("div", { class: "actions" },
      h("button", { type: "button", onclick: () => save(fact, "replace") }, "Replace the old one"),
      h("button", { type: "button", class: "quiet", onclick: () => save(fact, "keep_both") }, "Keep both"),
      h("button", { type: "button", class: "quiet", onclick: () => box.remove() }, "Cancel")));
  return box;
}

// An inline editor in place of the item's text; Enter saves, Escape cancels.
function editInPlace(item, value, write, reload) {
  const input = h("input", { value, "aria-label": "New text" });
  const editor = h("form", { class: "row" }, input,
    h("button", { type: "submit" }, "Save"),
    h("button", { type: "button", class: "quiet", onclick: reload }, "Cancel"));
  editor.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await write(input.value.trim());
      toast("Saved.");
      await reload();
    } catch (error) { failed(error); }
  });
  input.addEventListener("keydown", (event) => { if (event.key === "Escape") reload(); });
  item.replaceChildren(editor);
  input.focus();
}

// -- insights ------------------------------------------------------------------------------
async function loadInsights() {
  try {
    const { insights } = await get(userPath(user, "/insights"));
    $("insights").replaceChildren(...insights.map(insightItem));
    if (!insights.length) {
      $("insights").append(h("li", { class: "muted" }, "No insights: a topic becomes one when it recurs in "
        + "three conversations. Recompute after adding conversations."));
    }
  } catch (error) {
    $("insights").replaceChildren(h("li", { class: "error" }, error.message));
  }
}

function insightItem(i) {
  const item = h("li", { dataset: { insight: i.id } }, h("span", {}, i.statement),
    h("span", { class: "muted small" }, `${i.label} confidence · ${i.size} messages · `
      + `${i.first_at.slice(0, 10)} to ${i.last_at.slice(0, 10)}${i.edited ? " · edited" : ""}`),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "quiet", "aria-label": `Edit insight “${i.statement}”`,
        onclick: () => editInPlace(item, i.statement,
          (statement) => patch(userPath(user, `/insights/${i.id}`), { statement }), loadInsights) }, "Edit"),
      h("button", { type: "button", class: "quiet", "aria-label": `Delete insight “${i.statement}”`,
        onclick: () => deleteInsight(i) }, "Delete")));
  return item;
}

async function refreshInsights() {
  try {
    const { insights } = await post(userPath(user, "/insights/refresh"));
    toast(`${insights.length} insight${insights.length === 1 ? "" : "s"}.`);
    await loadInsights();
  } catch (error) { failed(error); }
}

async function deleteInsight(insight) {
  try {
    await del(userPath(user, `/insights/${insight.id}`));
    toast("Deleted the insight; its messages stay, and are left out of later insights.");
    await loadInsights();
  } catch (error) { failed(error); }
}

// -- summaries -----------------------------------------------------------------------------
async function loadSummaries() {
  try {
    const { summaries } = await get(userPath(user, "/summaries"));
    $("summaries").replaceChildren(...summaries.map(summaryItem));
    if (!summaries.length) {
      $("summaries").append(h("li", { class: "muted" }, "No summaries yet: a conversation is summarised "
        + "when it ends, or after it has been idle."));
    }
  } catch (error) {
    $("summaries").replaceChildren(h("li", { class: "error" }, error.message));
  }
}

function summaryItem(s) {
  return h("li", { dataset: { session: s.session_id } },
    h("strong", {}, s.title),
    h("span", {}, s.summary),
    h("span", { class: "muted small" }, `${shortDay(s.first_at.slice(0, 10))} · ${s.turns} turns · ${s.method}`),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "quiet", onclick: () => regenerate(s) }, "Regenerate"),
      h("button", { type: "button", class: "quiet", "aria-label": `Delete the summary “${s.title}”`,
        onclick: () => deleteSummary(s) }, "Delete")));
}

async function regenerate(s) {
  try {
    await post(userPath(user, `/sessions/${encodeURIComponent(s.session_id)}/end`));
    toast(`Summary “${s.title}” written again.`);
    await loadSummaries();
  } catch (error) { failed(error); }
}

async function deleteSummary(s) {
  try {
    await del(userPath(user, `/summaries/${encodeURIComponent(s.session_id)}`));
    toast(`Deleted the summary “${s.title}”; its turns stay.`);
    await loadSummaries();
  } catch (error) { failed(error); }
}

// -- forgetting ----------------------------------------------------------------------------
async function forgetThen(target, done) {
  try {
    if (!(await forget(user, target))) return;
    toast(done);
    await open(user);
  } catch (error) { failed(error); }
}

async function forgetUser() {
  try {
    if (!(await forget(user, { everything: true }))) return;
    toast(`Forgot everything about ${user}.`);
    sessionStorage.removeItem("lembrar.user");
    location.reload();
  } catch (error) { failed(error); }
}
