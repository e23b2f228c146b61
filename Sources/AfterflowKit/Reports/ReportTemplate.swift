import Foundation
import Mustache

/// The mustache template of the HTML report (`Templates/report.html` in a vault, else the built-in
/// one). `{{name}}` is escaped for HTML; only the values that are HTML already (`chart` and the
/// Markdown sections) are meant for `{{{name}}}`.
public struct ReportTemplate: Sendable {
    public let text: String
    /// Where the template came from, for messages; nil for the built-in default.
    public let path: String?
    /// The sections around `{{#sessions}}`, or nil when `HTMLReport` must not render sessions one
    /// by one; see `sectionsAroundSessions(_:)`.
    let sectionsAroundSessions: Set<String>?
    private let template: MustacheTemplate

    public init(text: String, path: String? = nil) throws(VaultError) {
        self.text = text
        self.path = path
        sectionsAroundSessions = ReportTemplate.sectionsAroundSessions(text)
        do {
            template = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let place = "\(path ?? "the report template"):\(error.context.lineNumber):\(error.context.columnNumber)"
            throw VaultError(.invalid, "\(place): not a valid mustache template (\(error.error)); check that every {{#name}} has its {{/name}}")
        } catch {
            throw VaultError(.invalid, "\(path ?? "the report template") is not a valid mustache template (\(error))")
        }
    }

    public static let builtIn: ReportTemplate = {
        // The built-in text is fixed and tested; it always compiles.
        guard let template = try? ReportTemplate(text: DefaultTemplates.report) else {
            preconditionFailure("the built-in report template does not compile")
        }
        return template
    }()

    /// The vault's `Templates/report.html`, or the built-in template when it has none.
    public static func of(_ vault: Vault) throws(VaultError) -> ReportTemplate {
        let path = vault.root + "/" + Vault.templatesFolder + "/report.html"
        guard FileIO.exists(path) else { return builtIn }
        return try ReportTemplate(text: String(decoding: try FileIO.read(path), as: UTF8.self), path: path)
    }

    public func render(_ context: [String: Any]) -> String {
        template.render(context)
    }
}
