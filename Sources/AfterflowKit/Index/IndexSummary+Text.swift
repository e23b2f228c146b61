import Foundation

extension IndexSummary {
    /// What `index` says of the vault for people, a line each: sessions by status, drafts, the
    /// dates, the average moods, treatments and plain notes (the lines without anything to say
    /// are left out; the heading and the skipped files are the front end's, which styles them).
    public var textLines: [String] {
        var out: [String] = []
        let statuses = byStatus.map { $0.0.counted($0.1) }.joined(separator: ", ")
        out.append("Sessions     \(sessions)" + (statuses.isEmpty ? "" : "  (\(statuses))"))
        if drafts > 0 { out.append("Drafts       \(drafts)  (in .afterflow/drafts/)") }
        if let first, let last { out.append("Dates        \(first) to \(last)") }
        if let before = averageMoodBefore {
            var line = String(format: "Mood         %.1f before", before)
            if let after = averageMoodAfter { line += String(format: ", %.1f after, on average", after) }
            out.append(line)
        }
        if !byTreatment.isEmpty {
            out.append("Treatments   " + byTreatment.map { "\($0.0.displayName) \($0.1)" }.joined(separator: ", "))
        }
        if notes > 0 { out.append("Plain notes  \(notes) Markdown file\(notes == 1 ? "" : "s") without front matter, left alone") }
        return out
    }
}
