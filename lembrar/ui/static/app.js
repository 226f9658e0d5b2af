// The page: signing in with a key (or none in local mode), choosing a user, switching views.

import { ApiError, get, session, userPath, whenUnauthorized } from "./api.js";
import { $, h, plural, shortDay } from "./dom.js";
import * as chat from "./chat.js";
import * as graph from "./graph.js";
import * as saved from "./saved.js";
import * as search from "./search.js";
import * as timeline from "./timeline.js";

const VIEWS = { timeline, search, graph, saved, chat };
const USER = "lembrar.user";
const state = { local: false, user: null, view: "timeline" };

function show(id) {
  for (const section of ["login", "no-users", "app"]) $(section).hidden = section !== id;
  $("who").hidden = id === "login";
}

function showLogin(message = "") {
  show("login");
  $("login-error").textContent = message;
  $("api-key").value = "";
  $("api-key").focus();
}

async function signIn(event) {
  event.preventDefault();
  const key = $("api-key").value.trim();
  session.save(key);
  try {
    await loadUsers();
  } catch (error) {
    session.clear();
    showLogin(error.status === 401 ? `This key was refused: ${error.message}.` : error.message);
  }
}

async function loadUsers(preferred) {
  const { users } = await get("/v1/users");
  const select = $("user-select");
  const wanted = preferred || sessionStorage.getItem(USER);
  const list = preferred && !users.includes(preferred) ? [...users, preferred] : users;  // a new user
  select.replaceChildren(...list.map((user) => h("option", { value: user }, user)));
  $("tenant-note").textContent = state.local ? "local mode" : "";
  $("sign-out").hidden = state.local;
  if (!list.length) {
    show("no-users");
    $("new-user").focus();
    return;
  }
  select.value = list.includes(wanted) ? wanted : list[0];
  show("app");
  selectUser(select.value);
}

// Every user of this tenant (or of this machine, locally), with how much each holds.
async function showUsers() {
  const dialog = $("users");
  const users = [...$("user-select").options].map((option) => option.value);
  $("users-note").textContent = state.local ? "Users stored on this machine." : "Users of the tenant this key opens.";
  $("users-list").replaceChildren(...users.map((user) => h("li", { dataset: { user } },
    h("button", { type: "button", class: "quiet", "aria-current": user === state.user ? "true" : null,
      onclick: () => { dialog.close(); $("user-select").value = user; selectUser(user); } },
    h("strong", {}, user), h("span", { class: "muted", dataset: { counts: user } }, "…")))));
  dialog.showModal();
  await Promise.all(users.map(async (user) => {
    const [{ sessions }, { items }] = await Promise.all([get(userPath(user, "/sessions")),
      get(userPath(user, "/episodes?order=desc&limit=1"))]).catch(() => [{ sessions: [] }, { items: [] }]);
    document.querySelector(`[data-counts="${CSS.escape(user)}"]`).textContent =
      `${plural(sessions.length, "conversation")}`
      + (items.length ? `, last memory on ${shortDay(items[0].tags.local_date)}` : ", nothing stored");
  }));
}

function selectUser(user) {
  state.user = user;
  sessionStorage.setItem(USER, user);
  for (const view of Object.values(VIEWS)) view.reset?.();
  openView(viewFromHash());
}

function viewFromHash() {
  const name = location.hash.replace(/^#/, "").split("/")[0];
  return VIEWS[name] ? name : "timeline";
}

function openView(name, focus = false, options = undefined) {
  state.view = name;
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const selected = tab.dataset.view === name;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !selected;
    if (selected && focus) tab.focus();
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
  if (state.user) VIEWS[name].open(state.user, options);
}

function tabKeys(event) {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const at = tabs.indexOf(document.activeElement);
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
  if (at < 0 || !(event.key in moves)) return;
  event.preventDefault();
  openView(tabs[(moves[event.key] + tabs.length) % tabs.length].dataset.view, true);
}

function goTo(view, options) {
  openView(view, false, options);
}

async function start() {
  whenUnauthorized((error) => { session.clear(); showLogin(`Signed out: ${error.message}.`); });
  $("login-form").addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", () => { session.clear(); sessionStorage.removeItem(USER); showLogin(); });
  $("user-select").addEventListener("change", (event) => selectUser(event.target.value));
  $("users-open").addEventListener("click", showUsers);
  $("new-user-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadUsers($("new-user").value.trim());
  });
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.addEventListener("click", () => openView(tab.dataset.view));
  }
  document.querySelector(".tabs").addEventListener("keydown", tabKeys);
  window.addEventListener("hashchange", () => state.user && openView(viewFromHash()));
  for (const view of Object.values(VIEWS)) view.init?.({ goTo });

  state.local = (await get("/v1/page")).local;
  if (!state.local && !session.key()) return showLogin();
  try {
    await loadUsers();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) showLogin(error.message);
  }
}

start();
