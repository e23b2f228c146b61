/// The templates a new vault starts with: byte for byte the repository's `Templates/` folder
/// (a test keeps the two the same).
public enum DefaultTemplates {
    /// `Templates/session.md`: a mustache template; `front_matter` is the canonical front matter.
    public static let session = #"""
---
{{{front_matter}}}
---
# {{{title}}}

## Intention

{{#intention}}
{{{intention}}}

{{/intention}}
## Environment

{{#environment}}
{{{environment}}}

{{/environment}}
## Music

{{#music_notes}}
{{{music_notes}}}

{{/music_notes}}
## Reflections
{{#reflections}}

{{{reflections}}}
{{/reflections}}

"""#

    /// `Templates/report.html`: the mustache template of `afterflow export html` and `pdf`.
    public static let report = ##"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Afterflow">
<title>{{title}}</title>
{{!
  Afterflow's report template (mustache). Edit it freely: a vault's Templates/report.html
  replaces the built-in one. A name in double braces is escaped for HTML; triple braces are for
  the values that are HTML already (chart, intention, environment, music_notes, reflections),
  which afterflow makes safe. checkins and measures are there only with --include moods or
  measures (or report_include in .afterflow/config.yml) and when there are any.
  Inside a section, a dot stands for the section's own value.
  Keep the page self-contained: no script, and nothing fetched (fonts, images, stylesheets).
  docs/FORMAT.md lists every name.
}}
<style>
@page {
  size: {{page_size}};
  margin: 18mm 18mm 20mm 18mm;
  @bottom-left { content: "{{title}} · private"; font: 8pt "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #6b737d; }
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
h1, h2, h3, dt, th, .label, .when, .meta, .brand, figcaption { font-family: var(--sans); }
h1, h2, h3 { break-after: avoid; page-break-after: avoid; line-height: 1.25; }
p, li, blockquote { orphans: 3; widows: 3; }
a { color: var(--accent); text-decoration: none; overflow-wrap: anywhere; }
a:hover { text-decoration: underline; }

/* Cover */
.cover { min-height: 80vh; display: flex; flex-direction: column; justify-content: center; break-after: page; page-break-after: always; }
.brand { margin: 0 0 0.5rem; font-size: 10pt; letter-spacing: 0.14em; text-transform: uppercase; color: var(--muted); }
.cover h1 { margin: 0 0 0.4rem; font-size: 30pt; font-weight: 600; }
.cover .generated { margin: 0 0 2.5rem; color: var(--muted); font-family: var(--sans); }
.cover dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.5rem; margin: 0; padding: 1.2rem 0; border-top: 1px solid var(--rule); border-bottom: 1px solid var(--rule); }
.cover dt { color: var(--muted); font-size: 10pt; padding-top: 0.1rem; }
.cover dd { margin: 0; font-family: var(--sans); }
.cover .note { margin-top: 2.5rem; font-size: 9.5pt; color: var(--muted); max-width: 34rem; }
.masthead { margin: 0 0 1.5rem; padding-bottom: 0.8rem; border-bottom: 1px solid var(--rule); }
.masthead h1 { margin: 0; font-size: 18pt; }
.masthead p { margin: 0.2rem 0 0; color: var(--muted); font-family: var(--sans); font-size: 9.5pt; }

/* Summary */
.summary { break-after: page; page-break-after: always; }
.summary h2, .empty h2 { font-size: 16pt; margin: 0 0 1rem; }
figure { margin: 0 0 1.8rem; break-inside: avoid; }
.mood-chart { display: block; width: 100%; height: auto; font-family: var(--sans); }
figcaption { font-size: 9pt; color: var(--muted); margin-top: 0.3rem; }
table { width: 100%; border-collapse: collapse; font-family: var(--sans); font-size: 10pt; break-inside: avoid; }
th { text-align: left; font-weight: 600; color: var(--muted); font-size: 9pt; border-bottom: 1px solid var(--ink); padding: 0.35rem 0.5rem; }
td { border-bottom: 1px solid var(--rule); padding: 0.35rem 0.5rem; }
th.number, td.number { text-align: right; font-variant-numeric: tabular-nums; }
tfoot td { font-weight: 600; border-bottom: none; border-top: 1px solid var(--ink); }
.table-note { font-family: var(--sans); font-size: 9pt; color: var(--muted); margin-top: 0.5rem; }

/* Check-ins and measures */
.checkins, .measures { break-after: page; page-break-after: always; }
.checkins h2, .measures h2 { font-size: 16pt; margin: 0 0 0.6rem; }
.checkins table { break-inside: auto; }
.checkins tr { break-inside: avoid; page-break-inside: avoid; }
.checkins td { vertical-align: top; }
.checkins .when { white-space: nowrap; margin: 0; font-size: 10pt; color: var(--ink); }
.checkins .notes { white-space: pre-line; overflow-wrap: anywhere; }
.checkins .names { color: var(--muted); font-size: 9pt; }

/* Sessions */
.session { padding: 1rem 0 0.4rem; border-top: 2px solid var(--ink); margin-top: 1.2rem; }
.session:first-child { margin-top: 0; }
.session.short { break-inside: avoid; page-break-inside: avoid; }
.session.long { break-before: page; page-break-before: always; }
.session:first-child.long { break-before: auto; page-break-before: auto; }
.session > header { break-inside: avoid; break-after: avoid; page-break-after: avoid; }
.session h2 { margin: 0; font-size: 15pt; font-weight: 600; }
.when { margin: 0.1rem 0 0.6rem; color: var(--muted); font-size: 9.5pt; }
.facts { display: grid; grid-template-columns: 1fr 1fr; gap: 0.25rem 1.5rem; margin: 0 0 0.4rem; padding: 0.55rem 0.8rem; background: var(--panel); border-radius: 4px; font-size: 9.5pt; }
.facts > div { display: grid; grid-template-columns: 6.8rem 1fr; gap: 0 0.6rem; }
.facts > div.wide { grid-column: 1 / -1; }
.facts dt { color: var(--muted); font-size: 8.5pt; padding-top: 0.12rem; }
.facts dd { margin: 0; font-family: var(--sans); min-width: 0; }
.mood-words { color: var(--muted); }
.status { font-family: var(--sans); font-size: 8.5pt; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
.status.needs-reflection, .status.draft { color: #9a5b00; }
.url { display: block; font-size: 8.5pt; color: var(--muted); overflow-wrap: anywhere; }
.field { margin-top: 0.7rem; }
.field h3 { margin: 0 0 0.15rem; font-size: 8.5pt; text-transform: uppercase; letter-spacing: 0.08em; color: var(--muted); font-weight: 600; }
.md > :first-child { margin-top: 0; }
.md > :last-child { margin-bottom: 0; }
.md p { margin: 0 0 0.5rem; }
.md h1, .md h2, .md h3, .md h4, .md h5, .md h6 { font-size: 11pt; margin: 0.8rem 0 0.3rem; }
.md blockquote { margin: 0.4rem 0; padding-left: 0.8rem; border-left: 3px solid var(--rule); color: var(--muted); }
.md pre { white-space: pre-wrap; font-size: 9pt; background: var(--panel); padding: 0.5rem; border-radius: 3px; }
.md code { font-size: 9.5pt; }
.md ul, .md ol { margin: 0 0 0.6rem; padding-left: 1.4rem; }
.empty p { color: var(--muted); }

@media screen and (max-width: 34rem) {
  .facts { grid-template-columns: 1fr; }
  .facts > div { grid-template-columns: 6.2rem 1fr; }
  .facts dd { overflow-wrap: anywhere; }
  .checkins thead { display: none; }
  .checkins tr { display: grid; grid-template-columns: auto 1fr; gap: 0 0.8rem; border-bottom: 1px solid var(--rule); padding: 0.35rem 0; }
  .checkins td { border: none; padding: 0; }
  .checkins td.notes, .checkins td.names { grid-column: 1 / -1; }
  .checkins td.names:empty, .checkins td.notes:empty { display: none; }
}
@media print {
  html, body { background: #ffffff; color: #1d2127; }
  body { max-width: none; padding: 0; }
  .cover { min-height: 0; height: 225mm; }
  a { color: #1d2127; }
}
@media screen and (prefers-color-scheme: dark) {
  :root { --ink: #e4e7eb; --muted: #a0a8b3; --rule: #3a414b; --paper: #15181c; --panel: #1f242a; --accent: #8ab4f8; }
  .mood-chart text { fill: #a0a8b3; }
  .mood-chart .grid line { stroke: #3a414b; }
  .mood-chart .before polyline, .mood-chart .before circle, .mood-chart .before line { stroke: #a0a8b3; }
  .mood-chart .before circle { fill: #15181c; }
  .mood-chart .after polyline, .mood-chart .after circle, .mood-chart .after line { stroke: #8ab4f8; }
  .mood-chart .after circle { fill: #8ab4f8; }
  .mood-chart .legend text { fill: #e4e7eb; }
  .mood-chart .checkins { fill: #f0a060; }
  .status.needs-reflection, .status.draft { color: #e0a64a; }
}
</style>
</head>
<body>
{{#cover}}
<section class="cover">
  <p class="brand">Afterflow</p>
  <h1>{{title}}</h1>
  <p class="generated">Generated on {{generated}}</p>
  <dl>
    <dt>Sessions</dt><dd>{{number}}</dd>
    {{#range}}<dt>Dates</dt><dd>{{range}}</dd>{{/range}}
    <dt>Filters</dt><dd>{{filters}}</dd>
  </dl>
  <p class="note">A private journal of therapy sessions, exported from Afterflow. Moods are on a scale of 1 to 10: 1–2 Tender, 3–4 Reflective, 5–6 Centered, 7–8 Uplifted, 9–10 Radiant.</p>
</section>
{{/cover}}
{{^cover}}
<header class="masthead">
  <h1>{{title}}</h1>
  <p>Generated on {{generated}} · {{count}}{{#range}} · {{range}}{{/range}} · Filters: {{filters}}</p>
</header>
{{/cover}}
{{#empty}}
<section class="empty">
  <h2>No sessions found</h2>
  <p>Adjust filters or add sessions to export.</p>
</section>
{{/empty}}
{{^empty}}
<section class="summary">
  <h2>Summary</h2>
  {{#chart}}
  <figure>
    {{{chart}}}
    <figcaption>Mood before (dashed) and after (solid) each session{{#checkins}}, and each check-in between sessions (diamonds){{/checkins}}, on the scale of 1 to 10.</figcaption>
  </figure>
  {{/chart}}
  <table>
    <thead>
      <tr><th>Treatment</th><th class="number">Sessions</th><th class="number">Mood before</th><th class="number">Mood after</th><th class="number">Average lift</th></tr>
    </thead>
    <tbody>
      {{#treatments}}
      <tr><td>{{name}}</td><td class="number">{{count}}</td><td class="number">{{before}}</td><td class="number">{{after}}</td><td class="number">{{lift}}</td></tr>
      {{/treatments}}
    </tbody>
    {{#overall}}
    <tfoot>
      <tr><td>{{name}}</td><td class="number">{{count}}</td><td class="number">{{before}}</td><td class="number">{{after}}</td><td class="number">{{lift}}</td></tr>
    </tfoot>
    {{/overall}}
  </table>
  <p class="table-note">Averages of the sessions that have each mood; the lift is after minus before, over sessions with both{{#overall}} ({{lifts}}){{/overall}}.</p>
</section>
{{#checkins}}
<section class="checkins">
  <h2>Check-ins between sessions</h2>
  <p class="table-note">{{summary}}</p>
  <table>
    <thead>
      <tr><th>When</th><th class="number">Mood</th><th>Labels and associations</th><th>Notes</th></tr>
    </thead>
    <tbody>
      {{#rows}}
      <tr><td class="when">{{date}}</td><td class="number">{{score}} <span class="mood-words">{{words}}</span></td><td class="names">{{#labels}}{{labels}}{{/labels}}{{#associations}}{{#labels}} · {{/labels}}{{associations}}{{/associations}}</td><td class="notes">{{#notes}}{{notes}}{{/notes}}</td></tr>
      {{/rows}}
    </tbody>
  </table>
</section>
{{/checkins}}
{{#measures}}
<section class="measures">
  <h2>Measures</h2>
  <table>
    <thead>
      <tr><th>When</th><th>Measure</th><th class="number">Total</th><th>Severity</th></tr>
    </thead>
    <tbody>
      {{#rows}}
      <tr><td>{{date}}</td><td>{{name}}</td><td class="number">{{total}}</td><td>{{band}}</td></tr>
      {{/rows}}
    </tbody>
  </table>
</section>
{{/measures}}
<main>
{{#sessions}}
<article class="session {{size}}" id="{{anchor}}">
  <header>
    <h2>{{title}}</h2>
    {{#when}}<p class="when">{{.}}</p>{{/when}}
    <dl class="facts">
      <div><dt>Treatment</dt><dd>{{treatment}}</dd></div>
      {{#administration}}<div><dt>Administration</dt><dd>{{.}}</dd></div>{{/administration}}
      {{#dose}}<div><dt>Dose</dt><dd>{{.}}</dd></div>{{/dose}}
      {{#mood}}<div><dt>Mood</dt><dd>{{mood_numbers}} <span class="mood-words">({{mood_words}})</span></dd></div>{{/mood}}
      <div><dt>Status</dt><dd><span class="status {{status_class}}">{{status}}</span></dd></div>
      {{#tags}}<div><dt>Tags</dt><dd>{{.}}</dd></div>{{/tags}}
      {{#music}}<div class="wide"><dt>Music</dt><dd>{{#music_href}}<a href="{{music_href}}" rel="noopener noreferrer">{{#music_title}}{{music_title}}{{/music_title}}{{^music_title}}{{music_service}}{{/music_title}}</a>{{#music_title}} <span class="mood-words">· {{music_service}}</span>{{/music_title}}{{#music_author}} <span class="mood-words">· {{music_author}}</span>{{/music_author}}{{#music_length}} <span class="mood-words">· {{music_length}}</span>{{/music_length}}<span class="url">{{music_text}}</span>{{/music_href}}{{^music_href}}{{music_text}}{{/music_href}}</dd></div>{{/music}}
    </dl>
  </header>
  {{#intention}}<section class="field"><h3>Intention</h3><div class="md">{{{.}}}</div></section>{{/intention}}
  {{#environment}}<section class="field"><h3>Environment</h3><div class="md">{{{.}}}</div></section>{{/environment}}
  {{#music_notes}}<section class="field"><h3>Music notes</h3><div class="md">{{{.}}}</div></section>{{/music_notes}}
  {{#reflections}}<section class="field"><h3>Reflections</h3><div class="md">{{{.}}}</div></section>{{/reflections}}
</article>
{{/sessions}}
</main>
{{/empty}}
</body>
</html>

"""##

    /// File name and contents of every default template, as `init` writes them.
    public static let all: [(name: String, contents: String)] = [
        ("session.md", session),
        ("report.html", report),
        ("progress.html", DefaultProgressTemplate.text),
    ]
}
