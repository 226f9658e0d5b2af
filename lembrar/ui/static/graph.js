// The knowledge graph around one entity: pick it from the list (or find it by name), see the
// entities within one or two hops and the facts between them, current ones first and
// superseded ones marked with the dates they held, each with the messages that said it.

import { get, query, userPath } from "./api.js";
import { $, h, localTime, longDay, plural, shortDay } from "./dom.js";

const LISTED = 60;  // entities listed at once; the box finds the others
const SVG = "http://www.w3.org/2000/svg";
let ctx = { user: null, entities: null, center: null, goTo: null };

export function init({ goTo }) {
  ctx.goTo = goTo;
  $("graph-filter").addEventListener("input", renderList);
  $("graph-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const [first] = matching();
    if (first) show(first.id);
  });
  $("graph-hops").addEventListener("change", () => ctx.center && show(ctx.center));
}

export function reset() { ctx = { ...ctx, user: null, entities: null, center: null }; }

export async function open(user) {
  if (ctx.user === user && ctx.entities) return;
  ctx.user = user;
  $("graph-view").replaceChildren();
  $("graph-status").textContent = "Loading…";
  try {
    const { entities } = await get(userPath(user, "/graph/entities"));
    ctx.entities = entities.sort((a, b) => b.episodes.length - a.episodes.length || a.name.localeCompare(b.name));
    $("graph-status").textContent = entities.length
      ? `${plural(entities.length, "entity", "entities")}; pick one to see what surrounds it.`
      : "No entities yet: they come from what is said (“I live in Lisbon”, “my sister Ana…”).";
    renderList();
  } catch (error) {
    $("graph-status").textContent = `Could not load the graph: ${error.message}`;
  }
}

function matching() {
  const wanted = $("graph-filter").value.trim().toLowerCase();
  return (ctx.entities || []).filter((e) => !wanted
    || [e.name, ...e.aliases].some((name) => name.toLowerCase().includes(wanted)));
}

function renderList() {
  const found = matching();
  $("graph-entities").replaceChildren(...found.slice(0, LISTED).map((e) => h("li", {},
    h("button", { type: "button", class: "quiet entity", "aria-pressed": String(e.id === ctx.center),
      dataset: { entity: e.id }, onclick: () => show(e.id) },
    h("span", { class: "name" }, e.name),
    h("span", { class: "badge" }, e.type),
    h("span", { class: "muted small" }, plural(e.episodes.length, "mention"))))));
  if (!found.length && ctx.entities?.length) {
    $("graph-entities").append(h("li", { class: "muted" }, "No entity has that name."));
  }
}

async function show(entityId) {
  ctx.center = entityId;
  for (const b of $("graph-entities").querySelectorAll("button")) {
    b.setAttribute("aria-pressed", String(b.dataset.entity === entityId));
  }
  const hops = $("graph-hops").value;
  try {
    const around = await get(userPath(ctx.user,
      `/graph/entities/${encodeURIComponent(entityId)}/neighbourhood${query({ hops })}`));
    render(around);
  } catch (error) {
    $("graph-view").replaceChildren(h("p", { class: "error", role: "alert" }, error.message));
  }
}

function render(around) {
  const said = new Map(around.episodes.map((e) => [e.id, e]));
  const current = around.facts.filter((f) => f.current);
  const superseded = around.facts.filter((f) => !f.current);
  const e = around.entity;
  $("graph-view").replaceChildren(
    h("header", { class: "graph-head" },
      h("h2", { id: "graph-title", tabindex: "-1" }, e.name),
      h("span", { class: "badge" }, e.type),
      e.aliases.length ? h("span", { class: "muted" }, `also “${e.aliases.join("”, “")}”`) : null,
      h("span", { class: "muted" }, `${plural(around.entities.length - 1, "entity", "entities")} within `
        + `${plural(around.hops, "hop")}, ${plural(around.facts.length, "fact")}`)),
    diagram(around),
    h("h3", {}, "Around it"),
    h("ul", { class: "chips neighbours", "aria-label": "Entities around it" },
      around.entities.slice(1).map((n) => h("li", {}, h("button", { type: "button", class: "chip",
        title: `${n.type}, ${plural(n.hops, "hop")} away`, onclick: () => show(n.id) },
      `${n.name} · ${n.hops}`)))),
    h("div", { class: "columns" },
      h("section", {}, h("h3", {}, `Facts that hold now (${current.length})`),
        factList("graph-current", current, said, "Nothing holds now.")),
      h("section", {}, h("h3", {}, `Superseded (${superseded.length})`),
        factList("graph-superseded", superseded, said, "Nothing superseded."))));
  $("graph-title").focus();
}

function factList(id, facts, said, empty) {
  const list = h("ul", { id, class: "items facts" }, facts.map((f) => factItem(f, said)));
  if (!facts.length) list.append(h("li", { class: "muted" }, empty));
  return list;
}

function factItem(fact, said) {
  const validity = fact.current
    ? h("span", { class: "validity" }, `since ${shortDay(fact.valid_at.slice(0, 10))}`)
    : h("span", { class: "validity" }, h("span", { class: "badge superseded" }, "superseded"),
      ` ${shortDay(fact.valid_at.slice(0, 10))} → ${shortDay(fact.invalid_at.slice(0, 10))}`);
  return h("li", { class: fact.current ? "fact" : "fact superseded", dataset: { fact: fact.id } },
    h("p", {}, h("span", { class: "text" }, fact.text), " ", validity),
    h("ul", { class: "sources", "aria-label": "Said in" }, fact.sources.map((s) => source(s, said.get(s.episode_id)))));
}

function source(src, episode) {
  const quote = h("q", {}, src.quote);
  if (!episode) return h("li", {}, quote, h("span", { class: "muted" }, " (message no longer stored)"));
  const when = `${longDay(episode.tags.local_date)}, ${localTime(episode.tags.local)}`;
  return h("li", {}, quote, " — ",
    h("button", { type: "button", class: "link", "aria-label": `Open the message of ${when} in the timeline`,
      onclick: () => ctx.goTo("timeline", { day: episode.tags.local_date, episode: episode.id,
        session: episode.session_id }) }, when));
}

// -- the picture: the entity in the middle, each hop on a ring further out ----------------
function node(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function layout(around) {
  const at = new Map([[around.entity.id, { x: 0, y: 0 }]]);
  const angle = new Map([[around.entity.id, -Math.PI / 2]]);
  const rings = [];
  for (const e of around.entities.slice(1)) (rings[e.hops] ||= []).push(e);
  rings.forEach((ring, hops) => {
    if (hops === 1) {
      ring.forEach((e, i) => angle.set(e.id, (2 * Math.PI * i) / ring.length - Math.PI / 2));
    } else {  // further out, each sits near the entity it hangs from
      const children = new Map();
      for (const e of ring) {
        const parent = parentOf(e, around.facts, angle);
        children.set(parent, [...(children.get(parent) || []), e]);
      }
      const step = Math.min(0.45, Math.PI / ring.length);
      for (const [parent, list] of children) {
        list.forEach((e, j) => angle.set(e.id, angle.get(parent) + (j - (list.length - 1) / 2) * step));
      }
    }
    for (const e of ring) {
      const a = angle.get(e.id);
      at.set(e.id, { x: Math.cos(a) * 170 * hops, y: Math.sin(a) * 100 * hops });
    }
  });
  return at;
}

// Where an edge's label goes: the first point along the edge (middle first) where its box
// meets no other label; with none free, at the middle and shown only on hover or focus.
const labelWidth = (text) => text.length * 6 + 8;  // 10px text with its outline, generously

// An entity's circle and name, as boxes in the picture's units (names are 13px, labels 10px).
function nodeBoxes(entity, p) {
  const radius = entity.hops === 0 ? 13 : 9;
  const below = entity.hops === 0 ? 30 : 25;
  const width = Math.min(entity.name.length, 22) * 7.3 + 4;
  return [
    { left: p.x - radius, right: p.x + radius, top: p.y - radius, bottom: p.y + radius },
    { left: p.x - width / 2, right: p.x + width / 2, top: p.y + below - 12, bottom: p.y + below + 4 },
  ];
}

function labelSpot(a, b, text, placed) {
  const width = labelWidth(text);
  for (const t of [0.5, 0.4, 0.6, 0.32, 0.68]) {
    const x = a.x + (b.x - a.x) * t;
    const y = a.y + (b.y - a.y) * t - 4;
    const rect = { left: x - width / 2, right: x + width / 2, top: y - 13, bottom: y + 5 };
    if (!placed.some((r) => r.left < rect.right && rect.left < r.right && r.top < rect.bottom && rect.top < r.bottom)) {
      placed.push(rect);
      return { x, y, free: true };
    }
  }
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 4, free: false };
}

function parentOf(entity, facts, placed) {
  for (const f of facts) {
    const other = f.subject_id === entity.id ? f.object_id : f.object_id === entity.id ? f.subject_id : null;
    if (other && placed.has(other)) return other;
  }
  return [...placed.keys()][0];
}

function box(points) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [left, top] = [Math.min(...xs) - 80, Math.min(...ys) - 30];
  return `${left} ${top} ${Math.max(...xs) + 80 - left} ${Math.max(...ys) + 40 - top}`;
}

// Exported for the browser tests, which draw crowded neighbourhoods with it.
export function diagram(around) {
  const at = layout(around);
  const picture = node("svg", { id: "graph-picture", class: "graph-picture", role: "img",
    viewBox: box([...at.values()]),
    "aria-label": `${around.entity.name} and ${plural(around.entities.length - 1, "entity", "entities")} around it` });
  const placed = around.entities.flatMap((e) => nodeBoxes(e, at.get(e.id)));  // what labels must not cover
  for (const f of around.facts) {  // current facts first: their labels get the free places
    const a = at.get(f.subject_id);
    const b = at.get(f.object_id);
    if (!a || !b) continue;
    const text = f.predicate.replaceAll("_", " ");
    const spot = labelSpot(a, b, text, placed);
    const label = node("text", { x: spot.x, y: spot.y, class: spot.free ? "" : "tucked" }, text);
    const edge = node("g", { class: f.current ? "edge" : "edge superseded", tabindex: "0", "aria-label": f.text },
      node("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      node("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "hover" }),
      label, node("title", {}, f.text));
    picture.prepend(edge);  // current edges drawn last, on top
  }
  for (const e of around.entities) {
    const p = at.get(e.id);
    const group = node("g", { class: `node ${e.type}${e.hops === 0 ? " center" : ""}`,
      transform: `translate(${p.x} ${p.y})` },
    node("circle", { r: e.hops === 0 ? 13 : 9 }),
    node("text", { y: e.hops === 0 ? 30 : 25 }, e.name.length > 22 ? `${e.name.slice(0, 21)}…` : e.name),
    node("title", {}, `${e.name} (${e.type})`));
    if (e.hops) group.addEventListener("click", () => show(e.id));
    picture.append(group);
  }
  return picture;
}
