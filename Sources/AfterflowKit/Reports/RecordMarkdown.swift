/// What a clinician wrote in a record's body, for a page: each link to another record read as its
/// text and day (`RecordLink.plainText`: the page shows no path and links nowhere), then rendered
/// by cmark for a page that fetches nothing. The session report, the progress report's goal
/// definitions and its session notes all go through here.
enum RecordMarkdown {
    static func offlineHTML(_ markdown: String) -> String {
        CmarkRenderer.offlineHTML(RecordLink.replacingLinks(in: markdown) { $0.plainText })
    }
}
