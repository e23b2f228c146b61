import Foundation

/// What a provider told about a music link: each part optional, as the providers answer
/// differently (Spotify gives no author, Tidal may give no title, none gives a duration in practice).
public struct MusicDetails: Sendable, Equatable {
    public var title: String?
    public var author: String?
    /// Seconds.
    public var duration: Int?

    public init(title: String? = nil, author: String? = nil, duration: Int? = nil) {
        self.title = title
        self.author = author
        self.duration = duration
    }

    public var isEmpty: Bool { title == nil && author == nil && duration == nil }

    /// The front-matter keys a session keeps them under, in the order they are written (after `music`).
    public static let keys = ["music_title", "music_author", "music_duration"]

    /// `music_duration` as text: `1 hr 23 min`.
    public var durationText: String? { duration.flatMap(MusicDuration.text(seconds:)) }

    /// Why an oEmbed answer could not be read.
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads an oEmbed answer: a JSON object whose `title`, `author_name` and `duration` are
    /// each taken when present and of a usable type, and ignored otherwise. Other members
    /// (`version` as a number or a string, `width` as "100%", `html`) play no part.
    public init(oEmbed data: Data) throws(Unreadable) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let start = String(decoding: data.prefix(40), as: UTF8.self)
            throw Unreadable(description: "the answer is not JSON (it starts \(quoted(start)))")
        }
        guard let members = object as? [String: Any] else {
            throw Unreadable(description: "the answer is JSON but not an object")
        }
        title = MusicDetails.text(members["title"])
        author = MusicDetails.text(members["author_name"])
        duration = MusicDetails.seconds(members["duration"])
    }

    /// A string member as one line of text: control characters and line breaks become spaces,
    /// runs of spaces one, at most 300 characters; nil when blank or not a string.
    static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        var out = ""
        var lastWasSpace = true
        for scalar in string.unicodeScalars {
            let space = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FEFF}"
            if space {
                if !lastWasSpace { out.unicodeScalars.append(" ") }
                lastWasSpace = true
            } else {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        if out.hasSuffix(" ") { out.removeLast() }
        if out.count > 300 { out = String(out.prefix(299)) + "…" }
        return out.isEmpty ? nil : out
    }

    /// A duration in seconds: a non-negative number, or a string of one; nil otherwise.
    static func seconds(_ value: Any?) -> Int? {
        if let string = value as? String { return MusicDuration.seconds(parsing: string) }
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double >= 0, double < 1e12 else { return nil }
        return Int(double.rounded())
    }
}
