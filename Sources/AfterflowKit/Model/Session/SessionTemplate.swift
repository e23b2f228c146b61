import Foundation
import Mustache

/// The mustache template a new session file starts from (`Templates/session.md` in a vault).
public struct SessionTemplate: Sendable {
    public let text: String
    /// Where the template came from, for messages; nil for the built-in default.
    public let path: String?
    private let template: MustacheTemplate

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public init(text: String, path: String? = nil) throws(Failure) {
        self.text = text
        self.path = path
        do {
            template = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let place = "\(path ?? "the session template"):\(error.context.lineNumber):\(error.context.columnNumber)"
            throw Failure(message: "\(place): not a valid mustache template (\(error.error)); check that every {{#name}} has its {{/name}}")
        } catch {
            throw Failure(message: "\(path ?? "the session template") is not a valid mustache template (\(error))")
        }
    }

    public static let builtIn: SessionTemplate = {
        // The built-in text is fixed and tested; it always compiles.
        guard let template = try? SessionTemplate(text: DefaultTemplates.session) else {
            preconditionFailure("the built-in session template does not compile")
        }
        return template
    }()

    /// The file for `values`: the template with the canonical front matter and the sections filled in.
    public func render(_ values: SessionValues, timeZone: TimeZone) -> String {
        var context: [String: Any] = [
            "front_matter": SessionWriter.frontMatterLines(values, timeZone: timeZone).joined(separator: "\n"),
            "title": values.displayTitle,
            "id": values.id.uuidString.uppercased(),
            "treatment": values.treatment.rawValue,
            "treatment_name": values.treatmentName ?? values.treatment.displayName,
            "administration": values.administration?.rawValue ?? "",
            "date": values.date.canonical(in: timeZone),
            "day": values.date.mediumDay,
        ]
        // swift-mustache takes an empty string as true; a missing key is false, so empty sections
        // render as a heading alone.
        for section in SessionSection.allCases {
            let text = values.text(of: section)
            if !text.isEmpty { context[section.fieldName] = text }
        }
        return template.render(context)
    }
}
