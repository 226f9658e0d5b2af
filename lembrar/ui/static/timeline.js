// The timeline: one month at a time, a heat map of its days, its conversations as cards.

import { get, patch, query, userPath } from "./api.js";
import { $, conversationTitle, h, localTime, longDay, monthName, plural, shiftMonth, toast } from "./dom.js";
import { forget } from "./forget.js";

const WEEK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const TURN_PAGE = 1000;
let current = { user: null, month: null, data: null };
const expanders = new Map();  // "day session" → shows that conversation's turns of that day

const STEPS = { "month-prev": -1, "month-next": 1, "year-prev": -12, "year-next": 12 };

export function init() {
  for (const [id, delta] of Object.entries(STEPS)) {
    $(id).addEventListener("click", () => load(current.user, clamp(shiftMonth(current.month, delta))));
  }
  $("month-first").addEventListener("click", () => load(current.user, current.data.first_date.slice(0, 7)));
  $("month-last").addEventListener("click", () => load(current.user, current.data.last_date.slice(0, 7)));
  $("jump-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const day = $("jump-date").value;
    if (day) load(current.user, day.slice(0, 7), day);
  });
}

export function reset() { current = { user: null, month: null, data: null }; }

// options: {month, day} to show (default: the month of the user's last message); with
// {episode, session} the day's message is shown and focused, its conversation opened.
export function open(user, options = {}) {
  const { month, day, episode, session } = options;
  if (month || day) return load(user, month || day.slice(0, 7), day, episode && { episode, session });
  if (current.user !== user || !current.data) return load(user, null);
}

async function load(user, month, day, turn) {
  $("timeline-status").textContent = "Loading…";
  try {
    const data = await get(userPath(user, `/timeline${query({ month })}`));
    current = { user, month: data.month, data };
    render(data);
    $("timeline-status").textContent = summary(data);
    if (day) focusDay(day);
    if (turn) await reveal(`${day} ${turn.session}`, turn.episode);
  } catch (error) {
    $("timeline-status").textContent = `Could not load the timeline: ${error.message}`;
  }
}

function summary(data) {
  const total = data.days.reduce((sum, d) => sum + d.episodes, 0);
  if (!total) return data.last_date ? "Nothing was said this month." : "No messages stored yet.";
  return `${plural(total, "message")} in ${plural(data.sessions.length, "conversation")} (times in ${data.timezone}).`;
}

// A month within the user's span of memories (a year's step stops at the first or last).
function clamp(month) {
  const first = current.data?.first_date?.slice(0, 7);
  const last = current.data?.last_date?.slice(0, 7);
  if (first && month < first) return first;
  if (last && month > last) return last;
  return month;
}

function render(data) {
  $("month-title").textContent = monthName(data.month);
  const before = !data.first_date || data.first_date.slice(0, 7) >= data.month;
  const after = !data.last_date || data.last_date.slice(0, 7) <= data.month;
  for (const id of ["month-first", "year-prev", "month-prev"]) $(id).disabled = before;
  for (const id of ["month-last", "year-next", "month-next"]) $(id).disabled = after;
  $("jump-date").min = data.first_date || "";
  $("jump-date").max = data.last_date || "";
  renderHeatmap(data.days);
  renderDays(data.sessions);
}

function renderHeatmap(days) {
  const most = Math.max(1, ...days.map((d) => d.episodes));
  const blank = (new Date(`${days[0].date}T12:00:00Z`).getUTCDay() + 6) % 7;
  $("heatmap").replaceChildren(
    ...WEEK.map((name) => h("span", { class: "dow", "aria-hidden": "true" }, name)),
    ...Array.from({ length: blank }, () => h("span", { "aria-hidden": "true" })),
    ...days.map((d) => h("button", {
      type: "button", class: `l${d.episodes ? Math.ceil((4 * d.episodes) / most) : 0}`,
      "aria-label": `${longDay(d.date)}: ${plural(d.episodes, "message")}`
        + (d.sessions ? `, ${plural(d.sessions, "conversation")}` : ""),
      title: `${longDay(d.date)}: ${plural(d.episodes, "message")}`,
      dataset: { date: d.date }, onclick: () => focusDay(d.date),
    }, Number(d.date.slice(8)))),
  );
}

function focusDay(day) {
  for (const b of $("heatmap").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.date === day));
  const section = document.getElementById(`day-${day}`);
  if (!section) return toast(`Nothing on ${longDay(day)}.`);
  section.scrollIntoView({ block: "start" });
  section.querySelector("h3").focus();
}

async function reveal(card, episodeId) {
  const find = () => $("timeline-days").querySelector(`li[data-episode="${CSS.escape(episodeId)}"]`);
  if (!find() && expanders.has(card)) await expanders.get(card)();
  const turn = find();
  if (!turn) return toast("That message is no longer stored.");
  for (const old of $("timeline-days").querySelectorAll("li.found")) old.classList.remove("found");
  turn.classList.add("found");
  turn.tabIndex = -1;
  turn.scrollIntoView({ block: "center" });
  turn.focus();
}

function renderDays(cards) {
  expanders.clear();
  const byDay = new Map();
  for (const card of cards) byDay.set(card.date, [...(byDay.get(card.date) || []), card]);
  $("timeline-days").replaceChildren(...[...byDay].map(([day, list]) => h("section",
    { class: "day", id: `day-${day}`, "aria-labelledby": `day-title-${day}` },
    h("h3", { id: `day-title-${day}`, tabindex: "-1" }, longDay(day)),
    list.map(renderCard))));
}

function renderCard(card) {
  const title = card.session_id ? conversationTitle(card) : "Notes and records";
  const times = `${localTime(card.first_at)}–${localTime(card.last_at)}`;
  const turns = h("ol", { class: "turns", hidden: true });
  const node = h("article", { class: "session", dataset: { session: card.session_id || "" } },
    h("header", {},
      h("span", { class: "title" }, title),
      h("span", { class: "muted" }, times),
      h("span", { class: "badge" }, card.period),
      h("span", { class: "muted" }, plural(card.turns, "turn")),
      card.speakers.length ? h("span", { class: "muted" }, card.speakers.join(", ")) : null),
    h("p", { class: card.summary ? "about" : "about muted" }, card.summary || card.opening),
    turns);
  if (card.session_id) {
    const toggle = h("button", { type: "button", class: "quiet", "aria-expanded": "false",
      onclick: () => toggleTurns(toggle, turns, card) }, `Show turns (${card.turns})`);
    expanders.set(`${card.date} ${card.session_id}`,
      () => (toggle.getAttribute("aria-expanded") === "true" ? null : toggleTurns(toggle, turns, card)));
    node.append(h("div", { class: "actions" },
      toggle,
      h("button", { type: "button", class: "quiet",
        onclick: () => forgetThen({ session_id: card.session_id }, `Forgot “${title}”.`) },
      "Forget conversation…")));
  } else {
    turns.hidden = false;
    turns.replaceChildren(...card.episodes.map(renderTurn));
  }
  return node;
}

async function toggleTurns(button, list, card) {
  const expanded = button.getAttribute("aria-expanded") === "true";
  button.setAttribute("aria-expanded", String(!expanded));
  button.textContent = expanded ? `Show turns (${card.turns})` : "Hide turns";
  list.hidden = expanded;
  if (expanded || list.childElementCount) return;
  const items = [];
  let cursor = null;
  do {
    const page = await get(userPath(current.user,
      `/episodes${query({ session_id: card.session_id, limit: TURN_PAGE, cursor })}`));
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  list.replaceChildren(...items.map(renderTurn));
}

function renderTurn(episode) {
  const who = episode.speaker || episode.role || episode.kind;
  const text = h("span", { class: "text" }, h("span", { class: "who" }, who), episode.content);
  const item = h("li", { dataset: { episode: episode.id } },
    h("span", { class: "time" }, localTime(episode.tags.local)),
    text,
    h("span", { class: "turn-actions" },
      h("button", { type: "button", class: "quiet", "aria-label": `Edit this message from ${who}`,
        onclick: () => editTurn(item, text, episode) }, "Edit"),
      h("button", { type: "button", class: "quiet forget", "aria-label": `Forget this message from ${who}`,
        onclick: () => forgetThen({ episode_id: episode.id }, "Forgot the message.") }, "Forget…")));
  return item;
}

// The message's text in an editor in place; Enter or Save writes it (the old text stays in
// the message's history), Escape or Cancel puts it back.
function editTurn(item, text, episode) {
  const input = h("textarea", { "aria-label": "Corrected message", rows: 2 }, episode.content);
  const done = (content) => {
    const opening = item.closest("article")?.querySelector("p.about.muted");
    if (content !== undefined && opening?.textContent === episode.content) opening.textContent = content;
    if (content !== undefined) episode.content = content;
    text.replaceChildren(h("span", { class: "who" }, episode.speaker || episode.role || episode.kind),
      episode.content);
  };
  const form = h("form", { class: "edit-turn" }, input,
    h("span", { class: "row" }, h("button", { type: "submit" }, "Save"),
      h("button", { type: "button", class: "quiet", onclick: () => done() }, "Cancel")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const saved = await patch(userPath(current.user, `/episodes/${encodeURIComponent(episode.id)}`),
        { content: input.value.trim() });
      done(saved.content);
      toast("Message corrected; the old wording stays in its history.");
    } catch (error) {
      toast(`Could not save: ${error.field ? `${error.field}: ` : ""}${error.message}`);
    }
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") done();
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });
  text.replaceChildren(form);
  input.focus();
}

async function forgetThen(target, done) {
  try {
    if (!(await forget(current.user, target))) return;
    toast(done);
    await load(current.user, current.month);
  } catch (error) {
    toast(`Could not forget: ${error.message}`);
  }
}
