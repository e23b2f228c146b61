/// The progress report's built-in template: byte for byte the repository's
/// `Templates/progress.html` (a test keeps the two the same).
///
/// Not among `DefaultTemplates.all`, which `init` writes: a vault that wants its own layout
/// copies the repository's file into its `Templates/` folder.
public enum DefaultProgressTemplate {
    /// `Templates/progress.html`: the mustache template of `afterflow export progress`.
    public static let text = ##"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Afterflow">
<title>{{title}}: {{client}}</title>
{{!
  Afterflow's progress report template (mustache). Edit it freely: a vault's
  Templates/progress.html replaces the built-in one. A name in double braces is escaped for HTML;
  triple braces are for the values that are HTML already (chart, definition, note text), which
  afterflow makes safe. Inside a section, a dot stands for the section's own value. Keep the page
  self-contained: no script, and nothing fetched (fonts, images, stylesheets).
  The names: title, client, age, born (only with full names), range, goal_count, clinician,
  practice, generated, page_size, privacy, empty; goals, each with anchor, title, short, category,
  phase, criterion, min_trials, definition, baseline, current, trend, mastery, mastered, chart,
  rows (day, combined, trials, correct, percent, independent, band, band_class, phase, counts),
  cue_levels (name, color) and cue_rows (day, cells, bar: width, color); notes, with sessions
  (when, text).
}}
<style>
@page {
  size: {{page_size}};
  margin: 16mm 16mm 18mm 16mm;
  @bottom-left { content: "{{title}} · {{client}} · confidential"; font: 8pt "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #6b737d; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #6b737d; }
}
@page :first {
  @bottom-left { content: none; }
  @bottom-right { content: none; }
}
:root {
  --ink: #1d2127;
  --muted: #5b6470;
  --rule: #d5d9de;
  --paper: #ffffff;
  --panel: #f4f6f8;
  --accent: #1f5fbf;
  --serif: Charter, "Bitstream Charter", "Iowan Old Style", "Palatino Linotype", Georgia, "Liberation Serif", "DejaVu Serif", serif;
  --sans: -apple-system, "Segoe UI", "Helvetica Neue", Arial, "Liberation Sans", system-ui, "DejaVu Sans", sans-serif;
}
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); }
body {
  margin: 0 auto;
  max-width: 50rem;
  padding: 2.5rem 1.5rem 4rem;
  font: 11pt/1.45 var(--serif);
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
h1, h2, h3, dt, th, caption, .brand, .meta, figcaption, .table-note { font-family: var(--sans); }
h1, h2, h3 { break-after: avoid; page-break-after: avoid; line-height: 1.25; }
p, li { orphans: 3; widows: 3; }
a { color: var(--accent); overflow-wrap: anywhere; }

/* Cover */
.cover { min-height: 80vh; display: flex; flex-direction: column; justify-content: center; break-after: page; page-break-after: always; }
.brand { margin: 0 0 0.5rem; font-size: 10pt; letter-spacing: 0.14em; text-transform: uppercase; color: var(--muted); }
.cover h1 { margin: 0 0 0.3rem; font-size: 28pt; font-weight: 600; }
.cover .client { margin: 0 0 2rem; font: 600 16pt var(--sans); }
.cover dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.5rem; margin: 0; padding: 1.2rem 0; border-top: 1px solid var(--rule); border-bottom: 1px solid var(--rule); }
.cover dt { color: var(--muted); font-size: 10pt; padding-top: 0.1rem; }
.cover dd { margin: 0; font-family: var(--sans); }
.cover .note { margin-top: 2rem; font-size: 9.5pt; color: var(--muted); max-width: 34rem; }

/* Goals */
.goal { break-before: page; page-break-before: always; padding-top: 0.2rem; }
.goal:first-of-type { break-before: auto; page-break-before: auto; }
.goal + .goal, .notes { margin-top: 2.5rem; border-top: 2px solid var(--ink); padding-top: 1rem; }
.goal h2 { margin: 0 0 0.2rem; font-size: 16pt; }
.meta { margin: 0 0 0.8rem; color: var(--muted); font-size: 9.5pt; }
.definition { margin: 0 0 1rem; padding: 0.5rem 0.8rem; background: var(--panel); border-radius: 4px; }
.definition > :first-child { margin-top: 0; }
.definition > :last-child { margin-bottom: 0; }
.definition h1, .definition h2, .definition h3 { font-size: 10pt; margin: 0.5rem 0 0.2rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
.standing { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0 0 1rem; font-size: 10pt; }
.standing dt { color: var(--muted); font-size: 9pt; padding-top: 0.1rem; }
.standing dd { margin: 0; font-family: var(--sans); }
.standing .mastered { font-weight: 600; }
figure { margin: 0 0 1.2rem; break-inside: avoid; page-break-inside: avoid; }
.progress-chart { display: block; width: 100%; height: auto; font-family: var(--sans); }
figcaption { font-size: 9pt; color: var(--muted); margin-top: 0.3rem; }
h3 { font-size: 11pt; margin: 1.2rem 0 0.4rem; }
.scroll { overflow-x: auto; break-inside: avoid; page-break-inside: avoid; }
table { width: 100%; border-collapse: collapse; font-family: var(--sans); font-size: 9.5pt; }
caption { text-align: left; font-size: 9pt; color: var(--muted); padding-bottom: 0.3rem; }
th { text-align: left; font-weight: 600; color: var(--muted); font-size: 8.5pt; border-bottom: 1px solid var(--ink); padding: 0.3rem 0.4rem; white-space: nowrap; }
td { border-bottom: 1px solid var(--rule); padding: 0.3rem 0.4rem; white-space: nowrap; }
tbody th { color: var(--ink); font-size: 9.5pt; border-bottom: 1px solid var(--rule); }
th.number, td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.short td { color: var(--muted); font-style: italic; }
.band.excellent { font-weight: 600; }
.band.needs-work { text-decoration: underline dotted; }
.bar { display: flex; width: 8rem; height: 0.8rem; border: 1px solid var(--rule); }
.bar span { display: block; height: 100%; }
.key { display: inline-block; width: 0.8rem; height: 0.8rem; vertical-align: -0.1rem; margin-right: 0.25rem; border: 1px solid var(--rule); }
.table-note { font-size: 8.5pt; color: var(--muted); margin: 0.4rem 0 0; }

/* Notes */
.notes { break-before: page; page-break-before: always; }
.notes h2 { font-size: 16pt; margin: 0 0 0.8rem; }
.notes article { border-top: 1px solid var(--rule); padding: 0.6rem 0; break-inside: avoid; page-break-inside: avoid; }
.notes h3 { margin: 0 0 0.3rem; }
.md > :first-child { margin-top: 0; }
.md > :last-child { margin-bottom: 0; }
.md p { margin: 0 0 0.5rem; }
.md ul, .md ol { margin: 0 0 0.5rem; padding-left: 1.4rem; }
.empty p { color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

@media screen and (max-width: 34rem) {
  body { padding: 1.2rem 0.9rem 3rem; font-size: 10.5pt; }
  .cover { min-height: 0; padding: 1rem 0 2rem; }
  .cover h1 { font-size: 22pt; }
  .cover dl, .standing { grid-template-columns: 1fr; gap: 0.1rem; }
  .cover dd, .standing dd { margin-bottom: 0.5rem; }
  .bar { width: 5rem; }
}
@media print {
  html, body { background: #ffffff; color: #1d2127; }
  body { max-width: none; padding: 0; }
  .cover { min-height: 0; height: 225mm; }
  .scroll { overflow: visible; }
  .goal + .goal, .notes { margin-top: 0; border-top: none; padding-top: 0; }
}
@media screen and (prefers-color-scheme: dark) {
  :root { --ink: #e4e7eb; --muted: #a0a8b3; --rule: #3a414b; --paper: #15181c; --panel: #1f242a; --accent: #8ab4f8; }
  .progress-chart { background: #ffffff; border-radius: 4px; }
}
</style>
</head>
<body>
<section class="cover" aria-label="Cover">
  <p class="brand">{{#practice}}{{practice}}{{/practice}}{{^practice}}Afterflow{{/practice}}</p>
  <h1>{{title}}</h1>
  <p class="client">{{client}}</p>
  <dl>
    {{#age}}<dt>Age</dt><dd>{{age}}</dd>{{/age}}
    {{#born}}<dt>Born</dt><dd>{{born}}</dd>{{/born}}
    <dt>Period</dt><dd>{{range}}</dd>
    <dt>Goals</dt><dd>{{goal_count}}</dd>
    {{#clinician}}<dt>Clinician</dt><dd>{{clinician}}</dd>{{/clinician}}
    {{#practice}}<dt>Practice</dt><dd>{{practice}}</dd>{{/practice}}
    <dt>Prepared</dt><dd>{{generated}}</dd>
  </dl>
  <p class="note">Percent correct is correct trials over all trials of a goal in a session; sessions of one goal on the same day are combined. A session with fewer trials than a goal's minimum is shown but does not count towards mastery. {{privacy}}</p>
</section>
<main>
{{#empty}}
<section class="empty">
  <h2>No trial data</h2>
  <p>No session in this period has trials of these goals.</p>
</section>
{{/empty}}
{{#goals}}
<section class="goal" id="{{anchor}}" aria-labelledby="{{anchor}}-heading">
  <h2 id="{{anchor}}-heading">{{title}}</h2>
  <p class="meta">{{short}}{{#category}} · {{category}}{{/category}} · phase: {{phase}} · criterion: {{criterion}}</p>
  {{#definition}}<div class="definition md">{{{definition}}}</div>{{/definition}}
  <dl class="standing">
    {{#baseline}}<dt>Baseline</dt><dd>{{baseline}}</dd>{{/baseline}}
    {{#current}}<dt>Current</dt><dd>{{current}}</dd>{{/current}}
    <dt>Trend</dt><dd>{{trend}}</dd>
    <dt>Mastery</dt><dd{{#mastered}} class="mastered"{{/mastered}}>{{mastery}}</dd>
  </dl>
  {{#chart}}
  <figure>
    {{{chart}}}
    <figcaption>Percent correct per session. Filled dots: sessions of {{min_trials}} or more trials, joined within each phase; hollow squares: fewer trials, not counted. Dashed line: the mastery criterion; vertical lines: phase changes; ring: the day the goal was mastered.</figcaption>
  </figure>
  {{/chart}}
  <h3>Sessions</h3>
  <div class="scroll" role="region" aria-label="Sessions of {{title}}" tabindex="0">
  <table>
    <thead>
      <tr><th scope="col">Date</th><th scope="col" class="number">Trials</th><th scope="col" class="number">Correct</th><th scope="col" class="number">% correct</th><th scope="col" class="number">% independent</th><th scope="col">Band</th><th scope="col">Phase</th></tr>
    </thead>
    <tbody>
      {{#rows}}
      <tr{{^counts}} class="short"{{/counts}}><th scope="row">{{day}}{{#combined}} ({{combined}}){{/combined}}{{^counts}} (not counted){{/counts}}</th><td class="number">{{trials}}</td><td class="number">{{correct}}</td><td class="number">{{percent}}</td><td class="number">{{independent}}</td><td><span class="band {{band_class}}">{{band}}</span></td><td>{{phase}}</td></tr>
      {{/rows}}
    </tbody>
  </table>
  </div>
  <p class="table-note">Bands: Excellent 85 % or more, Good 70–84 %, Needs Work under 70 %. Percentages are rounded down. Not counted: fewer than {{min_trials}} trials.</p>
  <h3>Cue levels</h3>
  <div class="scroll" role="region" aria-label="Cue levels of {{title}}" tabindex="0">
  <table class="cues">
    <thead>
      <tr><th scope="col">Date</th>{{#cue_levels}}<th scope="col" class="number"><span class="key" style="background: {{color}}" aria-hidden="true"></span>{{name}}</th>{{/cue_levels}}<th scope="col"><span class="visually-hidden">Share of trials</span></th></tr>
    </thead>
    <tbody>
      {{#cue_rows}}
      <tr><th scope="row">{{day}}</th>{{#cells}}<td class="number">{{.}}</td>{{/cells}}<td><span class="bar" aria-hidden="true">{{#bar}}<span style="width: {{width}}%; background: {{color}}"></span>{{/bar}}</span></td></tr>
      {{/cue_rows}}
    </tbody>
  </table>
  </div>
  <p class="table-note">Trials at each cue level, least support first; the bar shows each level's share of the session's trials.</p>
</section>
{{/goals}}
{{#notes}}
<section class="notes" aria-labelledby="notes-heading">
  <h2 id="notes-heading">Session notes</h2>
  {{#sessions}}
  <article>
    <h3>{{when}}</h3>
    <div class="md">{{{text}}}</div>
  </article>
  {{/sessions}}
</section>
{{/notes}}
</main>
</body>
</html>

"""##
}
