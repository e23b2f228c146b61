import Mustache

/// A list's section of a template (`{{#rows}}…{{/rows}}`) rendered for every item of the list:
/// the text swift-mustache gives, with swift-mustache run once per shape of item rather than once
/// per item, as `ReportSessions` does for the journal's sessions.
///
/// An item's shape is the item with its texts left out: its names, its flags and their values, and
/// the length and shape of each list in it (a cue row's `cells` and `bar`). Within one shape, what
/// swift-mustache makes of the section depends on the item's texts only where it writes one out: a
/// section over a text renders once whatever the text, a text has no names of its own, and a name
/// the item lacks is found in `parents` (the goal, then the page), the same for every item. So the
/// section is rendered once per shape with a marker for each text (`ReportSessions.marker`), and
/// each item's part is that output with every marker replaced by the item's text, escaped where
/// the marker came out escaped (`ReportSessions.Outline`).
///
/// An item holding a value of another type, or whose shape's output shows more of it than its
/// texts (a dictionary written out whole with `{{.}}`), is rendered by swift-mustache by itself.
/// Only for templates where the section's names are looked up in the item and then in `parents`
/// and nowhere else (the progress report uses it for its built-in template only, which
/// `ProgressReportFastPathTests` checks against swift-mustache's own rendering).
struct ReportRows {
    let template: MustacheTemplate
    /// Where a name the item lacks is looked up, nearest first.
    let parents: [[String: Any]]
    /// False when the section's text holds the marker character (the caller checks the parents'
    /// values), which would make its text look like an item's.
    let markersAreUnique: Bool

    init(template: MustacheTemplate, text: String, parents: [[String: Any]], parentsHoldMarker: Bool) {
        self.template = template
        self.parents = parents
        markersAreUnique = !parentsHoldMarker && !text.unicodeScalars.contains(ReportSessions.markerStart)
    }

    /// The section for every item, in order, joined.
    func render(_ items: [[String: Any]]) -> String {
        var outlines: [String: ReportSessions.Outline?] = [:]
        var output = ""
        for item in items {
            var texts: [String] = []
            var shape = ""
            guard markersAreUnique, ReportRows.flatten(item, texts: &texts, shape: &shape, probe: nil) != nil else {
                output += template.render(RowScope(item: item, parents: parents))
                continue
            }
            if outlines[shape] == nil { outlines[shape] = .some(outline(for: item)) }
            if let outline = outlines[shape] ?? nil {
                output += outline.fill(texts)
            } else {
                output += template.render(RowScope(item: item, parents: parents))
            }
        }
        return output
    }

    /// The section rendered for `item` with markers for its texts, read back as an outline; nil
    /// when the output shows more of the item than its texts.
    func outline(for item: [String: Any]) -> ReportSessions.Outline? {
        let probe = RowProbe()
        var texts: [String] = []
        var shape = ""
        guard let probed = ReportRows.flatten(item, texts: &texts, shape: &shape, probe: probe) as? ProbeValues else { return nil }
        let output = template.render(ProbeValues(values: probed.values, parents: parents, probe: probe))
        guard !probe.describedWhole else { return nil }
        return ReportSessions.outline(of: output, count: texts.count)
    }

    /// Appends `value`'s texts to `texts` in a fixed order (a dictionary's in the order of its
    /// names) and its shape to `shape`. With a `probe`, returns the value with each text replaced
    /// by its marker and each dictionary by `ProbeValues`; without, returns `true`. Nil for a value
    /// of a type this does not know (which swift-mustache may render in other ways).
    static func flatten(_ value: Any, texts: inout [String], shape: inout String, probe: RowProbe?) -> Any? {
        switch value {
        case let text as ReportText:
            shape += "t"
            let marker = probe.map { _ in ReportText(ReportSessions.marker(texts.count)) }
            texts.append(text.text)
            return marker ?? true
        case let flag as Bool:
            shape += flag ? "1" : "0"
            return flag
        case let values as [String: Any]:
            shape += "{"
            var probed: [String: Any] = [:]
            for name in values.keys.sorted() {
                shape += name + ":"
                guard let child = values[name], let made = flatten(child, texts: &texts, shape: &shape, probe: probe) else { return nil }
                if probe != nil { probed[name] = made }
                shape += ","
            }
            shape += "}"
            return probe.map { ProbeValues(values: probed, parents: [], probe: $0) } ?? true
        case let list as [Any]:
            shape += "["
            var probed: [Any] = []
            for element in list {
                guard let made = flatten(element, texts: &texts, shape: &shape, probe: probe) else { return nil }
                if probe != nil { probed.append(made) }
                shape += ","
            }
            shape += "]"
            return probe == nil ? true : probed
        default:
            return nil
        }
    }
}

/// One item's part of the template: its own values, then its parents'. Written out whole
/// (`{{.}}`) it reads as the item does.
struct RowScope: MustacheParent, CustomStringConvertible {
    let item: [String: Any]
    let parents: [[String: Any]]

    var description: String { String(describing: item) }

    func child(named name: String) -> Any? {
        if let value = item[name] { return value }
        for parent in parents { if let value = parent[name] { return value } }
        return nil
    }
}

/// Notes whether swift-mustache wrote a probed dictionary out whole (`{{.}}`), which a marker
/// cannot stand for.
final class RowProbe {
    var describedWhole = false
}

/// A dictionary of an item with markers for texts, looked up as `RowScope` is (an item's inner
/// dictionaries have no parents of their own: swift-mustache looks further out on its stack,
/// which holds the item and its parents, where the section renders them).
struct ProbeValues: MustacheParent, CustomStringConvertible {
    let values: [String: Any]
    let parents: [[String: Any]]
    let probe: RowProbe

    func child(named name: String) -> Any? {
        if let value = values[name] { return value }
        for parent in parents { if let value = parent[name] { return value } }
        return nil
    }

    var description: String {
        probe.describedWhole = true
        return ""
    }
}
