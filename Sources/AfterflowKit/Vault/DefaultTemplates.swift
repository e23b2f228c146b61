/// The templates a new vault starts with: the repository's `Templates/` files, compiled into the
/// library at build time (Package.swift embeds them), so there is one source and nothing to find
/// at run time.
public enum DefaultTemplates {
    /// `Templates/session.md`: a mustache template; `front_matter` is the canonical front matter.
    public static let session = String(decoding: PackageResources.session_md, as: UTF8.self)

    /// `Templates/report.html`: the mustache template of `afterflow export html` and `pdf`.
    public static let report = String(decoding: PackageResources.report_html, as: UTF8.self)

    /// `Templates/progress.html`: the mustache template of `afterflow export progress`.
    public static let progress = String(decoding: PackageResources.progress_html, as: UTF8.self)

    /// File name and contents of every default template, as `init` writes them.
    public static let all: [(name: String, contents: String)] = [
        ("session.md", session),
        ("report.html", report),
        ("progress.html", progress),
    ]
}
