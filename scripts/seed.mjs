#!/usr/bin/env node
// npm run seed: fills the LOCAL D1 (the one `npm start` uses) with realistic, reproducible data
// for one organization: companies, contacts (with a custom "tier" select property), their
// timelines (activities), tasks and the record counters.
//
//   npm run seed -- --org "Acme Sales" [--contacts 100000] [--companies 20000] [--tasks 20000]
//                   [--data DIR] [--owner-email you@example.com] [--seed 1] [--replace]
//
// How: migrations are applied as `wrangler d1 migrations apply --local` applies them, then rows go in through
// wrangler's getPlatformProxy (the same local D1 file `wrangler dev --persist-to DIR/wrangler`
// opens) as multi-row INSERTs with inline literals (under D1's 100 KB statement limit), many per
// D1 batch. The FTS5 triggers index contacts and companies as the rows go in. Nothing is added to
// the production Worker. Stop `npm start` first: two processes must not write the same file.
//
// Same --org, --seed and counts give the same rows (own seeded PRNG); dates are spread over the
// two years before today (UTC midnight), so they move with the day the seed runs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  applyLocalMigrations,
  BRIDGE_TRIES,
  batchThroughBridge,
  isBridgeFailure,
  openLocalD1,
  throughBridge,
} from "./local-migrations.mjs";
import { authDataDir, quietEnv } from "./stack.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DAY = 86_400_000;
/** D1 refuses statements over 100 KB; stay well below. */
const MAX_STATEMENT_BYTES = 90_000;
/** Rows per D1 batch (one transaction each): big enough to be fast, small enough for progress. */
const ROWS_PER_BATCH = 10_000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: sfc32 seeded through cyrb128 (small, fast, good enough for fixtures).

function cyrb128(text) {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export function createRandom(seedText) {
  let [a, b, c, d] = cyrb128(String(seedText));
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next(); // let the state mix
  const rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** `weights`: [[value, weight], …]. */
    weighted: (weights) => {
      const total = weights.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of weights) if ((r -= w) < 0) return value;
      return weights[weights.length - 1][0];
    },
    /** Like the app's newId: a prefix and 16 base-36 characters. */
    id: (prefix) => {
      let out = "";
      for (let i = 0; i < 16; i++) out += "0123456789abcdefghijklmnopqrstuvwxyz"[Math.floor(next() * 36)];
      return `${prefix}_${out}`;
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary.

const FIRST_NAMES = (
  "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan " +
  "Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret " +
  "Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin " +
  "Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey " +
  "Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas Shirley Eric Anna Jonathan Brenda Stephen Pamela " +
  "Larry Emma Justin Nicole Scott Helen Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra " +
  "Alexander Rachel Patrick Carolyn Frank Janet Raymond Catherine Jack Maria Dennis Heather Jerry Diane " +
  "Tyler Ruth Aaron Julie Jose Olivia Adam Joyce Nathan Virginia Henry Victoria Zachary Kelly Douglas Lauren " +
  "Peter Christina Kyle Joan Noah Evelyn Ethan Judith Jeremy Megan Walter Andrea Christian Cheryl Keith " +
  "Hannah Roger Jacqueline Terry Martha Austin Gloria Sean Teresa Gerald Ann Carl Sara Harold Madison " +
  "Dylan Frances Arthur Kathryn Lawrence Janice Jordan Jean Jesse Abigail Bryan Alice Billy Judy Bruce " +
  "Sophia Gabriel Grace Joe Denise Logan Amber Alan Doris Juan Marilyn Albert Danielle Willie Beverly " +
  "Elijah Isabella Wayne Theresa Randy Diana Vincent Natalie Mason Brittany Roy Charlotte Ralph Marie " +
  "Bobby Kayla Russell Alexis Bradley Lori Philip Annie Eugene Anne Annette Joanna Ananya Anika Annika " +
  "Wei Mei Hiroshi Yuki Sanjay Priya Rahul Aisha Omar Fatima Lucas Sofia Mateo Valentina Liam Chloe " +
  "Noor Leila Mohammed Zara Ivan Olga Lars Ingrid Pierre Amélie Jürgen Zoë Chidi Amara Kwame Nia Diego " +
  "Camila Santiago Lucía Björn Siobhán Seán Renée Andrés"
).split(" ");

const LAST_NAMES = (
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez " +
  "Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark " +
  "Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams " +
  "Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker " +
  "Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper " +
  "Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James " +
  "Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez " +
  "Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez " +
  "Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole " +
  "Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens " +
  "Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker " +
  "Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz " +
  "Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice " +
  "Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley " +
  "Spencer Hawkins Arnold Pierce Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan " +
  "Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston " +
  "Matthews Pena Richards Willis Carpenter Lawrence Sandoval Annan Anand Andersen O'Brien O'Connor " +
  "D'Souza Müller Schäfer Dubois Lefèvre Nakamura Tanaka Suzuki Wang Li Zhang Liu Singh Kumar Sharma " +
  "Gupta Khan Ali Hassan Ibrahim Okafor Mensah Kowalski Nowak Novak Horvat Jensen Nielsen Larsen " +
  "Johansson Lindqvist Rossi Russo Ferrari Esposito Bianchi Costa Fernandes Pereira Oliveira Ivanov Petrov"
).split(" ");

const COMPANY_WORDS = (
  "Acme Apex Summit Blue Red Green Silver Golden Iron Cedar Oak Pine Maple Birch Willow River Lake " +
  "Harbor Bay Coast Ocean Atlas Orion Nova Stellar Lunar Solar Polar Arctic Northern Southern Eastern " +
  "Western Pacific Atlantic Alpine Granite Quartz Crystal Diamond Emerald Sapphire Ruby Cobalt Copper " +
  "Falcon Eagle Hawk Raven Fox Wolf Bear Lion Tiger Otter Beacon Lighthouse Anchor Compass Meridian " +
  "Horizon Vertex Vector Pixel Quantum Fusion Catalyst Momentum Velocity Spark Ember Flint Forge Anvil " +
  "Keystone Cornerstone Bridge Gateway Pioneer Frontier Heritage Liberty Union Sterling Crown Royal " +
  "Regal Noble Prime Pinnacle Zenith Crest Ridge Canyon Mesa Prairie Meadow Grove Orchard Harvest " +
  "Bright Clear Swift Rapid Agile Nimble Bold True Open Wise Kind Brave Lucky Happy Sunny Misty Stormy " +
  "Thunder Lightning Echo Signal Pulse Wave Tide Current Stream Brook Spring Fountain Glacier Tundra " +
  "Sierra Delta Alpha Omega Sigma Kappa Lambda Gamma Theta Indigo Violet Amber Scarlet Crimson Onyx"
).split(" ");

const INDUSTRIES = {
  Software: ["Software", "Labs", "Systems", "Technologies", "Digital", "Cloud", "Data", "AI"],
  "Financial Services": ["Capital", "Financial", "Partners", "Ventures", "Advisors", "Bank"],
  Healthcare: ["Health", "Medical", "Care", "Clinics", "Therapeutics", "Bio"],
  Manufacturing: ["Manufacturing", "Industries", "Works", "Fabrication", "Machines", "Tools"],
  Retail: ["Retail", "Goods", "Outfitters", "Market", "Supply", "Stores"],
  Logistics: ["Logistics", "Freight", "Transport", "Shipping", "Express", "Cargo"],
  Energy: ["Energy", "Power", "Renewables", "Solar", "Utilities"],
  Education: ["Learning", "Academy", "Education", "Institute"],
  Media: ["Media", "Studios", "Productions", "Publishing", "Creative"],
  "Real Estate": ["Properties", "Realty", "Estates", "Homes", "Development"],
  Hospitality: ["Hospitality", "Hotels", "Resorts", "Travel", "Foods"],
  Consulting: ["Consulting", "Group", "Associates", "Strategies", "Solutions"],
  Construction: ["Construction", "Builders", "Engineering", "Contractors"],
  Telecommunications: ["Telecom", "Networks", "Communications", "Wireless"],
};
const INDUSTRY_NAMES = Object.keys(INDUSTRIES);
const LEGAL_SUFFIXES = [
  ["", 5],
  [" Inc.", 3],
  [" LLC", 2],
  [" Ltd", 1],
  [" GmbH", 0.5],
  [" Co.", 0.5],
];
const TLDS = [
  ["com", 8],
  ["io", 2],
  ["co", 1],
  ["net", 1],
  ["ai", 0.5],
  ["dev", 0.3],
];
const SIZES = [
  ["1-10", 25],
  ["11-50", 30],
  ["51-200", 20],
  ["201-500", 10],
  ["501-1000", 7],
  ["1001-5000", 5],
  ["5001+", 3],
];
const STREETS = ["Main St", "Market St", "Oak Ave", "Park Rd", "High St", "Mission St", "Elm St", "Broadway"];
const CITIES = [
  "San Francisco, CA",
  "New York, NY",
  "Austin, TX",
  "Chicago, IL",
  "Seattle, WA",
  "Boston, MA",
  "Denver, CO",
  "London, UK",
  "Berlin, Germany",
  "Paris, France",
  "Toronto, Canada",
  "Sydney, Australia",
  "Singapore",
  "Bangalore, India",
];

const TITLES = (
  "CEO|CTO|CFO|COO|VP of Sales|VP of Marketing|VP of Engineering|Head of Operations|Head of Product|" +
  "Sales Director|Marketing Manager|Product Manager|Engineering Manager|Software Engineer|Account Executive|" +
  "Sales Development Representative|Customer Success Manager|Operations Manager|Procurement Manager|" +
  "Finance Manager|HR Director|Office Manager|Founder|Co-founder|Managing Director|Business Analyst|" +
  "Data Analyst|IT Manager|Project Manager|Consultant|Partner|Purchasing Agent|General Counsel|" +
  "Chief Revenue Officer|Growth Lead|Solutions Architect|Designer|Recruiter"
).split("|");
const LEAD_STATUSES = [
  ["new", 30],
  ["contacted", 25],
  ["qualified", 20],
  ["unqualified", 15],
  ["customer", 10],
];
const SCORE_BIAS = { new: 0, contacted: 10, qualified: 25, unqualified: -20, customer: 35 };
const SOURCES = [
  ["Website", 30],
  ["Referral", 15],
  ["LinkedIn", 15],
  ["Conference", 10],
  ["Cold outreach", 10],
  ["Webinar", 8],
  ["Partner", 7],
  [null, 5],
];
/** Company tags: 15% of companies carry one, picked evenly. */
const TAGS = ["vip", "newsletter", "decision-maker", "champion", "churn-risk", "event-2025", "partner", "trial"];
/**
 * Contact tags as teams use them, skewed: each tag independently with its share of contacts. A few
 * tags are on a large part of the list (a newsletter), most on a few percent, and a long tail of
 * one-off tags (an event, a board) on a few dozen. List filters pick their plan by a tag's size, so
 * the bench needs both ends (bench/run.mjs filters on "newsletter" and on "advisory-board").
 */
const CONTACT_TAGS = [
  ["newsletter", 0.33],
  ["decision-maker", 0.1],
  ["event-2025", 0.06],
  ["trial", 0.04],
  ["champion", 0.03],
  ["vip", 0.02],
  ["churn-risk", 0.02],
  ["partner", 0.01],
  ["beta-tester", 0.002],
  ["reference-customer", 0.001],
  ["speaker", 0.0005],
  ["advisory-board", 0.0003],
];
/** The custom "tier" select property every seeded contact may carry. */
const TIER_OPTIONS = ["platinum", "gold", "silver", "bronze"];
const TIERS = [
  ["platinum", 5],
  ["gold", 15],
  ["silver", 30],
  ["bronze", 40],
  [null, 10],
];

const ACTIVITY_KINDS = [
  ["call", 3],
  ["email", 4],
  ["meeting", 2],
  ["note", 2],
];
const ACTIVITY_SUMMARIES = {
  call: ["Intro call", "Discovery call", "Follow-up call about pricing", "Left a voicemail", "Demo debrief call"],
  email: ["Sent the proposal", "Shared the case study", "Replied about onboarding", "Sent pricing", "Intro email"],
  meeting: ["Product demo", "Quarterly business review", "Kick-off meeting", "Technical deep dive"],
  note: ["Interested in the annual plan", "Budget approved for Q3", "Prefers email over calls", "Evaluating rivals"],
};
/** How seeded calls and meetings went (values of drizzle/values.ts noteOutcomes, with its labels). */
const OUTCOMES = {
  call: [
    [["connected", "Connected"], 6],
    [["no-answer", "No answer"], 2],
    [["busy", "Busy"], 1],
  ],
  meeting: [
    [["completed", "Completed"], 8],
    [["rescheduled", "Rescheduled"], 1],
    [["no-show", "No-show"], 1],
  ],
};
/** A task's title and its type (a call, an email or a meeting is logged once done). */
const TASK_TEMPLATES = [
  ["Follow up with {first}", "todo"],
  ["Call {first} {last}", "call"],
  ["Send proposal to {company}", "email"],
  ["Schedule demo with {first}", "todo"],
  ["Prepare QBR for {company}", "todo"],
  ["Email pricing to {first}", "email"],
  ["Check in with {first} about renewal", "call"],
  ["Review contract for {company}", "todo"],
  ["Demo for {company}", "meeting"],
  ["Onsite visit at {company}", "meeting"],
];
const TASK_PRIORITIES = [
  ["low", 25],
  ["normal", 55],
  ["high", 20],
];

/** The stages of the pipeline every organization starts with (worker/src/domain/default-pipeline.ts). */
const DEFAULT_PIPELINE = {
  name: "Sales pipeline",
  stages: [
    ["Lead", 10, "open"],
    ["Qualified", 25, "open"],
    ["Proposal", 50, "open"],
    ["Negotiation", 75, "open"],
    ["Won", 100, "won"],
    ["Lost", 0, "lost"],
  ],
};

// ---------------------------------------------------------------------------------------------
// SQL text helpers: the seed writes literals inline, so it is not bound by the 100-parameter limit.

function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** ASCII, lower-case, letters only: "Amélie O'Brien" → "amelie", "obrien". */
function ascii(text) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function slugify(text) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

/** Writes rows of one table as multi-row INSERT statements, then runs them in D1 batches. */
class TableWriter {
  constructor(db, table, columns, { label, total, onProgress }) {
    this.db = db;
    this.head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
    this.label = label;
    this.total = total;
    this.onProgress = onProgress;
    this.statements = [];
    this.values = [];
    this.bytes = 0;
    this.pendingRows = 0;
    this.written = 0;
  }

  async add(row) {
    const tuple = `(${row.map(literal).join(",")})`;
    const size = Buffer.byteLength(tuple) + 1;
    if (this.bytes + size > MAX_STATEMENT_BYTES) this.closeStatement();
    this.values.push(tuple);
    this.bytes += size;
    this.pendingRows++;
    if (this.pendingRows >= ROWS_PER_BATCH) await this.flush();
  }

  closeStatement() {
    if (this.values.length === 0) return;
    this.statements.push(this.head + this.values.join(","));
    this.values = [];
    this.bytes = Buffer.byteLength(this.head);
  }

  async flush() {
    this.closeStatement();
    if (this.statements.length === 0) return;
    await batchThroughBridge(this.db, () => this.statements.map((s) => this.db.prepare(s)));
    this.written += this.pendingRows;
    this.statements = [];
    this.pendingRows = 0;
    this.onProgress?.(this.label, this.written, this.total);
  }
}

// ---------------------------------------------------------------------------------------------
// The seed itself.

/** The local D1 under `persistTo` (wrangler dev's --persist-to), migrated: { db, dispose }. */
export async function openLocalDatabase(persistTo) {
  Object.assign(process.env, quietEnv);
  // In runtimes of their own, started again if the bridge fails (applyLocalMigrations).
  await applyLocalMigrations(persistTo);
  return openLocalD1(persistTo);
}

const first = async (db, sql, ...params) =>
  (await throughBridge(() =>
    db
      .prepare(sql)
      .bind(...params)
      .first(),
  )) ?? null;

/**
 * The organization named `name`, created (with its default pipeline) when missing, and its owner:
 * the --owner-email user if they exist, else the organization's first owner, else a seed user.
 */
async function ensureOrganization(db, rng, { name, ownerEmail, ownerAccount, now }) {
  let org = await first(db, "SELECT id, slug FROM organizations WHERE name = ? ORDER BY created_at LIMIT 1", name);
  let owner = null;
  let switchOwner = false;
  // Signed up but without a workspace yet: the app writes a user's row with their first workspace.
  let newOwner = null;
  if (ownerEmail) {
    owner = await first(db, "SELECT id, email FROM users WHERE lower(email) = ? LIMIT 1", ownerEmail.toLowerCase());
    if (owner) switchOwner = true;
    else if (ownerAccount) newOwner = ownerAccount;
    else
      console.warn(
        `! No user with the email ${ownerEmail} yet (sign up in the app first, then stop npm start: the Auth emulator saves its users as it stops); using a seed owner.`,
      );
  }
  if (!owner && !newOwner && org)
    owner = await first(
      db,
      "SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ? ORDER BY m.role = 'owner' DESC, m.joined_at LIMIT 1",
      org.id,
    );

  const orgId = org?.id ?? rng.id("org");
  const ownerId = owner?.id ?? newOwner?.uid ?? `seed_owner_${orgId.slice(4)}`;
  const audit = [ownerId, now, now];
  const newOrg = !org;
  if (newOrg) org = { id: orgId, slug: `${slugify(name) || "org"}-${rng.id("x").slice(2, 8)}`, created: true };
  const pipeline = newOrg && { id: rng.id("pip"), stageIds: DEFAULT_PIPELINE.stages.map(() => rng.id("stg")) };
  const newUser = !owner;
  if (newUser) owner = { id: ownerId, email: newOwner?.email ?? `owner@${slugify(name) || "org"}.example` };
  const membershipId = rng.id("mem");
  await batchThroughBridge(db, () => {
    const statements = [];
    if (pipeline)
      statements.push(
        db
          .prepare(
            "INSERT INTO organizations (id, name, slug, currency, timezone, plan, created_by, created_at, updated_at) VALUES (?, ?, ?, 'USD', 'UTC', 'free', ?, ?, ?)",
          )
          .bind(org.id, name, org.slug, ...audit),
        db
          .prepare(
            "INSERT INTO pipelines (id, organization_id, name, is_default, position, created_by, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?)",
          )
          .bind(pipeline.id, org.id, DEFAULT_PIPELINE.name, ...audit),
        ...DEFAULT_PIPELINE.stages.map(([stage, probability, kind], position) =>
          db
            .prepare(
              "INSERT INTO pipeline_stages (id, organization_id, pipeline_id, name, position, probability, kind, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(pipeline.stageIds[position], org.id, pipeline.id, stage, position, probability, kind, ...audit),
        ),
      );
    if (newUser)
      statements.push(
        db
          .prepare(
            "INSERT INTO users (id, email, display_name, organization_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
          )
          .bind(owner.id, owner.email, newOwner ? newOwner.displayName : `${name} owner`, org.id, now, now),
      );
    statements.push(
      db
        .prepare(
          "INSERT INTO memberships (id, organization_id, user_id, role, joined_at, created_by, created_at, updated_at) VALUES (?, ?, ?, 'owner', ?, ?, ?, ?) ON CONFLICT (organization_id, user_id) DO NOTHING",
        )
        .bind(membershipId, org.id, owner.id, now, ...audit),
    );
    // The --owner-email user works in the seeded organization from now on (users.organization_id).
    if (switchOwner)
      statements.push(
        db.prepare("UPDATE users SET organization_id = ?, updated_at = ? WHERE id = ?").bind(org.id, now, owner.id),
      );
    return statements;
  });
  return { org, owner };
}

async function deleteOrganizationRecords(db, organizationId) {
  await batchThroughBridge(db, () =>
    ["contacts", "companies", "tasks", "activities", "notes"].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE organization_id = ?`).bind(organizationId),
    ),
  );
}

/**
 * Indexes that only lists read (sorts and filters; no trigger and no statement of the seed does):
 * each row written while they exist costs one more B-tree insert at a random place in each, so the
 * seed drops them while the records go in and builds each again in one pass at the end.
 */
const DEFERRED_INDEX =
  /^(contacts|companies)_org_(updated|created|activity|score|status|people|company_name|email|domain|\w+_key)_idx$|^record_values_sort_idx$/;

/**
 * Drops the deferred indexes, first writing their definitions to `file`: a seed stopped before
 * restoreIndexes leaves the file, and the next seed builds them from it.
 */
export async function dropDeferredIndexes(db, file) {
  const { results } = await throughBridge(() =>
    db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all(),
  );
  const deferred = results.filter((index) => DEFERRED_INDEX.test(index.name));
  fs.writeFileSync(file, JSON.stringify(deferred));
  await batchThroughBridge(db, () => deferred.map((index) => db.prepare(`DROP INDEX "${index.name}"`)));
}

/** Builds the indexes `file` lists (dropDeferredIndexes) when it exists, then removes it. */
async function restoreIndexes(db, file) {
  if (!fs.existsSync(file)) return;
  const deferred = JSON.parse(fs.readFileSync(file, "utf8"));
  await batchThroughBridge(db, () =>
    deferred.map((index) => db.prepare(index.sql.replace(/^CREATE INDEX /i, "CREATE INDEX IF NOT EXISTS "))),
  );
  fs.rmSync(file);
}

/**
 * The Auth emulator's user signed up with `email` ({ uid, email, displayName }), read from the users
 * it saved in `dataDir` as it stopped (scripts/stack.mjs), or null: someone who signed up and has no
 * workspace yet has no row in D1 to find them by.
 */
export function emulatorAccount(dataDir, email) {
  try {
    const file = path.join(authDataDir(dataDir), "auth_export", "accounts.json");
    const { users = [] } = JSON.parse(fs.readFileSync(file, "utf8"));
    const user = users.find((u) => typeof u.email === "string" && u.email.toLowerCase() === email.toLowerCase());
    return user ? { uid: user.localId, email: user.email, displayName: user.displayName ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Seeds one organization. Returns { organizationId, ownerId, counts, seconds }.
 * Options: org (name), contacts, companies, tasks, dataDir, ownerEmail, seed, replace, log.
 * --owner-email names a user of the app (signed up, with or without a workspace) who owns it and works in it.
 */
export async function seed({ dataDir = path.join(root, ".data"), ...options } = {}) {
  if (!options.org) throw new Error("Name the organization: --org <name>.");
  if ((options.companies ?? 1) < 1 && (options.contacts ?? 1) > 0)
    throw new Error("Contacts need at least one company.");
  const started = Date.now();
  const persistTo = path.join(path.resolve(dataDir), "wrangler");
  const { open = openLocalDatabase, log = console.log } = options;
  log(
    `Seeding "${options.org}" into ${path.relative(process.cwd(), persistTo) || persistTo} (seed ${options.seed ?? 1})…`,
  );
  const ownerAccount = options.ownerEmail ? emulatorAccount(path.resolve(dataDir), options.ownerEmail) : null;
  // Once the bridge has failed every call (applyLocalMigrations), the seed goes on in a new runtime, from the start:
  // it replaces the records the first wrote, and only those (`progress.ownRecords`: past the check for others').
  const progress = {};
  for (let runtimes = 1; ; runtimes++) {
    const { db, dispose } = await open(persistTo);
    try {
      return await seedDatabase(db, path.join(persistTo, "seed-deferred-indexes.json"), {
        ...options,
        replace: options.replace || progress.ownRecords,
        progress,
        ownerAccount,
        started,
      });
    } catch (error) {
      if (!isBridgeFailure(error) || runtimes === BRIDGE_TRIES) throw error;
      log(`  ! the local runtime's bridge failed (${error.message}); seeding again in another`);
    } finally {
      await dispose();
    }
  }
}

/**
 * seed's work on an open local D1 (openLocalDatabase). `deferredIndexes`: the file that lists the
 * indexes dropped while the records go in (dropDeferredIndexes).
 */
export async function seedDatabase(
  db,
  deferredIndexes,
  {
    org: orgName,
    contacts: contactCount = 100_000,
    companies: companyCount = 20_000,
    tasks: taskCount = 20_000,
    ownerEmail,
    // The --owner-email user as the Auth emulator knows them (emulatorAccount), for one without a row yet.
    ownerAccount = null,
    seed: seedValue = 1,
    replace = false,
    // Set here: `ownRecords` once the organization's records are the seed's own (none were there, or replaced).
    progress = {},
    log = console.log,
    // When the seed began (seed: before migrating), for its timings.
    started = Date.now(),
  },
) {
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    await restoreIndexes(db, deferredIndexes);
    // Two streams: the records come out the same whether the organization is new or not.
    const rng = createRandom(`${seedValue}:${orgName}`);
    const setupRng = createRandom(`${seedValue}:${orgName}:setup`);
    // Contact tags draw from a stream of their own: reweighting them later moves no other value.
    const tagRng = createRandom(`${seedValue}:${orgName}:tags`);
    // Their own streams, so adding them left every other seeded value as it was.
    const noteRng = createRandom(`${seedValue}:${orgName}:notes`);
    // Its own sequence: the rest of the data stays as it was seeded before companies had parents.
    const groupRng = createRandom(`${seedValue}:${orgName}:groups`);
    const today = new Date();
    const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const twoYears = 730 * DAY;
    const { org, owner } = await ensureOrganization(db, setupRng, { name: orgName, ownerEmail, ownerAccount, now });
    log(`  organization ${org.id} (${org.created ? "created" : "existing"}), owner ${owner.id} — ${elapsed()}`);

    // Before a --replace too: deleting rows costs as much per index as writing them.
    await dropDeferredIndexes(db, deferredIndexes);
    const existing = await first(db, "SELECT count(*) AS n FROM contacts WHERE organization_id = ?", org.id);
    const existingCompanies = await first(db, "SELECT count(*) AS n FROM companies WHERE organization_id = ?", org.id);
    if (existing.n + existingCompanies.n > 0) {
      if (!replace)
        throw new Error(
          `"${orgName}" already has ${existing.n} contacts and ${existingCompanies.n} companies. ` +
            "Pass --replace to delete its contacts, companies, tasks and activities and seed again.",
        );
      log(`  deleting ${existing.n} contacts and ${existingCompanies.n} companies first…`);
      await deleteOrganizationRecords(db, org.id);
      log(`  deleted — ${elapsed()}`);
    }
    progress.ownRecords = true;

    let lastReport = 0;
    const onProgress = (label, done, total) => {
      if (done === total || Date.now() - lastReport > 2000) {
        lastReport = Date.now();
        log(`  ${label}: ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} — ${elapsed()}`);
      }
    };
    const recordTail = ["organization_id", "owner_id", "tags", "properties", "version", "created_by"];
    const stamps = ["created_at", "updated_at"];
    const activities = new TableWriter(
      db,
      "activities",
      ["id", "organization_id", "record_object", "record_id", "kind", "changes", "summary", "actor_id", "created_at"],
      { label: "activities", total: 0, onProgress: null },
    );
    const activity = (object, recordId, kind, summary, at) =>
      activities.add([rng.id("act"), org.id, object, recordId, kind, null, summary, owner.id, at]);
    const notes = new TableWriter(
      db,
      "notes",
      [
        "id",
        "organization_id",
        "record_object",
        "record_id",
        "kind",
        "body",
        "outcome",
        "occurred_at",
        "version",
        "created_by",
        ...stamps,
      ],
      { label: "notes", total: 0, onProgress: null },
    );
    /** A note or logged call, meeting or email, with its timeline entry (as notes.create writes them). */
    const logged = async (recordId, kind, body, at) => {
      const [outcome, label] =
        body === "Left a voicemail"
          ? ["left-voicemail", "Left voicemail"]
          : OUTCOMES[kind]
            ? noteRng.weighted(OUTCOMES[kind])
            : [null, null];
      await notes.add([noteRng.id("not"), org.id, "contact", recordId, kind, body, outcome, at, 1, owner.id, at, at]);
      await activity("contact", recordId, kind, label ? `${label} · ${body}` : body, at);
    };

    // Companies: unique names (mostly) and unique normalised domains.
    const companyRows = [];
    const domains = new Set();
    const companyWriter = new TableWriter(
      db,
      "companies",
      [
        "id",
        "name",
        "domain",
        "industry",
        "size",
        "address",
        "linkedin_url",
        "parent_company_id",
        ...recordTail,
        ...stamps,
      ],
      { label: "companies", total: companyCount, onProgress },
    );
    for (let i = 0; i < companyCount; i++) {
      const industry = rng.pick(INDUSTRY_NAMES);
      const base = `${rng.pick(COMPANY_WORDS)} ${rng.pick(INDUSTRIES[industry])}`;
      const name = base + rng.weighted(LEGAL_SUFFIXES);
      let domain = `${ascii(base)}.${rng.weighted(TLDS)}`;
      for (let n = 2; domains.has(domain); n++) domain = `${ascii(base)}${n}.${rng.weighted(TLDS)}`;
      domains.add(domain);
      const createdAt = now - Math.floor(rng.next() * twoYears);
      const updatedAt = createdAt + Math.floor(rng.next() * (now - createdAt));
      const id = rng.id("cmp");
      companyRows.push({ id, domain, name });
      await companyWriter.add([
        id,
        name,
        domain,
        industry,
        rng.weighted(SIZES),
        rng.chance(0.6) ? `${rng.int(1, 999)} ${rng.pick(STREETS)}, ${rng.pick(CITIES)}` : null,
        rng.chance(0.5) ? `https://www.linkedin.com/company/${slugify(base)}` : null,
        // One in 20 belongs to a group: a company made before it, so no group is its own member.
        i > 0 && groupRng.chance(0.05) ? companyRows[groupRng.int(0, i - 1)].id : null,
        org.id,
        owner.id,
        rng.chance(0.15) ? JSON.stringify([rng.pick(TAGS)]) : "[]",
        "{}",
        1,
        owner.id,
        createdAt,
        updatedAt,
      ]);
      await activity("company", id, "created", null, createdAt);
    }
    await companyWriter.flush();

    // Contacts: at a company (skewed: a few big accounts, a long tail), unique emails at its domain.
    const emails = new Set();
    const contactRows = [];
    const contactWriter = new TableWriter(
      db,
      "contacts",
      [
        "id",
        "first_name",
        "last_name",
        "sort_name",
        "emails",
        "primary_email",
        "phones",
        "title",
        "company_id",
        "linkedin_url",
        "lead_status",
        "source",
        "lead_score",
        "last_activity_at",
        ...recordTail,
        ...stamps,
      ],
      { label: "contacts", total: contactCount, onProgress },
    );
    for (let i = 0; i < contactCount; i++) {
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const company = companyRows[Math.floor(rng.next() ** 2 * companyRows.length)];
      const f = ascii(firstName);
      const l = ascii(lastName);
      const candidates = [`${f}.${l}`, `${f[0]}${l}`, `${f}${l[0]}`, `${f}_${l}`];
      let local = candidates.find((c) => !emails.has(`${c}@${company.domain}`));
      for (let n = 2; !local; n++) if (!emails.has(`${f}.${l}${n}@${company.domain}`)) local = `${f}.${l}${n}`;
      const email = `${local}@${company.domain}`;
      emails.add(email);
      const status = rng.weighted(LEAD_STATUSES);
      const score = Math.max(0, Math.min(100, Math.round(35 + SCORE_BIAS[status] + (rng.next() - 0.5) * 60)));
      const createdAt = now - Math.floor(rng.next() * twoYears);
      const updatedAt = createdAt + Math.floor(rng.next() * (now - createdAt));
      const tier = rng.weighted(TIERS);
      const tags = CONTACT_TAGS.filter(([, share]) => tagRng.chance(share)).map(([tag]) => tag);
      const id = rng.id("con");
      // A quarter of the contacts have a history beyond "created": calls, emails, meetings, notes.
      const events = rng.chance(0.25) ? rng.int(1, 4) : 0;
      let lastActivityAt = null;
      await activity("contact", id, "created", null, createdAt);
      for (let e = 0; e < events; e++) {
        const kind = rng.weighted(ACTIVITY_KINDS);
        const at = createdAt + Math.floor(rng.next() * (now - createdAt));
        lastActivityAt = Math.max(lastActivityAt ?? 0, at);
        await logged(id, kind, rng.pick(ACTIVITY_SUMMARIES[kind]), at);
      }
      contactRows.push({ id, firstName, lastName, company });
      await contactWriter.add([
        id,
        firstName,
        lastName,
        `${firstName} ${lastName}`.toLowerCase(),
        JSON.stringify([email]),
        email,
        rng.chance(0.7)
          ? JSON.stringify([`+1 ${rng.int(201, 989)} 555 ${String(rng.int(0, 9999)).padStart(4, "0")}`])
          : "[]",
        rng.chance(0.9) ? rng.pick(TITLES) : null,
        company.id,
        rng.chance(0.4) ? `https://www.linkedin.com/in/${f}-${l}-${rng.int(100, 99999)}` : null,
        status,
        rng.weighted(SOURCES),
        score,
        lastActivityAt,
        org.id,
        owner.id,
        JSON.stringify(tags),
        JSON.stringify(tier ? { tier } : {}),
        1,
        owner.id,
        createdAt,
        Math.max(updatedAt, lastActivityAt ?? 0),
      ]);
    }
    await contactWriter.flush();

    // Tasks: follow-ups on contacts (and some on companies), due around today.
    const taskWriter = new TableWriter(
      db,
      "tasks",
      [
        "id",
        "organization_id",
        "title",
        "notes",
        "due_at",
        "priority",
        "type",
        "status",
        "completed_at",
        "assignee_id",
        "record_object",
        "record_id",
        "version",
        "created_by",
        ...stamps,
      ],
      { label: "tasks", total: taskCount, onProgress },
    );
    for (let i = 0; i < taskCount && contactRows.length > 0; i++) {
      const contact = rng.pick(contactRows);
      const onCompany = rng.chance(0.2);
      const [template, type] = rng.pick(TASK_TEMPLATES);
      const title = template
        .replace("{first}", contact.firstName)
        .replace("{last}", contact.lastName)
        .replace("{company}", contact.company.name);
      const dueAt = now + Math.floor((rng.next() * 105 - 60) * DAY) + rng.int(8, 17) * 3_600_000;
      const createdAt = Math.min(dueAt, now) - Math.floor(rng.next() * 30 * DAY);
      const done = dueAt < now ? rng.chance(0.7) : rng.chance(0.05);
      const completedAt = done ? Math.min(now, dueAt + Math.floor((rng.next() - 0.5) * 4 * DAY)) : null;
      await taskWriter.add([
        rng.id("tsk"),
        org.id,
        title,
        rng.chance(0.2) ? "Check the notes from the last call first." : null,
        dueAt,
        rng.weighted(TASK_PRIORITIES),
        type,
        done ? "done" : "open",
        completedAt,
        owner.id,
        onCompany ? "company" : "contact",
        onCompany ? contact.company.id : contact.id,
        1,
        owner.id,
        createdAt,
        completedAt ?? createdAt,
      ]);
    }
    await taskWriter.flush();
    activities.total = activities.pendingRows + activities.written;
    activities.onProgress = onProgress;
    await activities.flush();
    await notes.flush();

    // The custom property the list can sort and filter on, the counters the list reads, and each
    // company's last activity from its people's (as COMPANY_LAST_ACTIVITY in worker/src/domain/records/company-activity.ts).
    await batchThroughBridge(db, () => [
      db
        .prepare(
          `UPDATE companies SET last_activity_at = nullif(max(
            coalesce((SELECT max(occurred_at) FROM notes WHERE notes.organization_id = companies.organization_id
              AND notes.record_id = companies.id AND notes.deleted_at IS NULL), 0),
            coalesce((SELECT max(last_activity_at) FROM contacts INDEXED BY contacts_org_company_idx WHERE contacts.organization_id = companies.organization_id
              AND contacts.company_id = companies.id AND contacts.deleted_at IS NULL), 0)), 0)
          WHERE organization_id = ?`,
        )
        .bind(org.id),
      db
        .prepare(
          "INSERT INTO property_definitions (id, organization_id, object, key, label, type, options, required, position, created_by, created_at, updated_at) VALUES (?, ?, 'contact', 'tier', 'Tier', 'select', ?, 0, 0, ?, ?, ?) ON CONFLICT (organization_id, object, key) DO UPDATE SET type = 'select', options = excluded.options, archived_at = NULL",
        )
        .bind(rng.id("prp"), org.id, JSON.stringify(TIER_OPTIONS), owner.id, now, now),
      ...[
        ["contact", contactCount],
        ["company", companyCount],
      ].map(([object, count]) =>
        db
          .prepare(
            "INSERT INTO record_counts (organization_id, object, count) VALUES (?, ?, ?) ON CONFLICT (organization_id, object) DO UPDATE SET count = excluded.count",
          )
          .bind(org.id, object, count),
      ),
    ]);

    await restoreIndexes(db, deferredIndexes);
    log(`  list indexes built — ${elapsed()}`);

    // Prove the FTS triggers indexed the rows: the app's own query shape (ftsSearch), the organization's live range.
    const partitionStart = "((SELECT partition * 2 FROM search_partitions WHERE organization_id = ?) << 32)";
    const matches = (table, words) =>
      first(
        db,
        `SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?
          AND rowid BETWEEN ${partitionStart} AND ${partitionStart} + 4294967295`,
        words,
        org.id,
        org.id,
      );
    const hits = await matches("contacts_fts", '"ann"*');
    const companyHits = await matches("companies_fts", '"blue"*');
    if (contactCount > 0 && !(hits.n > 0))
      throw new Error('Search found no contact for "ann": the FTS index is empty.');
    const many = (n, one, more) => `${n.toLocaleString("en-US")} ${n === 1 ? one : more}`;
    log(
      `  search check: "ann" matches ${many(hits.n, "contact", "contacts")}, "blue" matches ${many(companyHits.n, "company", "companies")}`,
    );

    const counts = {
      companies: companyCount,
      contacts: contactCount,
      tasks: taskCount,
      activities: activities.written,
    };
    const seconds = (Date.now() - started) / 1000;
    log(
      `Seeded ${Object.entries(counts)
        .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
        .join(", ")} into "${orgName}" in ${seconds.toFixed(1)} s.`,
    );
    return { organizationId: org.id, ownerId: owner.id, counts, seconds };
  } finally {
    await restoreIndexes(db, deferredIndexes);
  }
}

function parseArgs(argv) {
  const options = {};
  const numbers = { "--contacts": "contacts", "--companies": "companies", "--tasks": "tasks", "--seed": "seed" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg in numbers) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} takes a whole number.`);
      options[numbers[arg]] = value;
    } else if (arg === "--org") options.org = argv[++i];
    else if (arg === "--data") options.dataDir = path.resolve(argv[++i]);
    else if (arg === "--owner-email") options.ownerEmail = argv[++i];
    else if (arg === "--replace") options.replace = true;
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await seed(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(`\n✖ ${error.message}`);
    process.exit(1);
  }
}
