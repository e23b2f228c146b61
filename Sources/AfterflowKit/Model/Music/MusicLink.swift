import Foundation

/// A session's music link as the app understands it: which service it is, a web link to it, and
/// a title taken from the link itself.
///
/// The app also asks Spotify, YouTube, SoundCloud and Tidal for a title over the network (oEmbed);
/// Afterflow does that only in `music fetch --online` (see `OEmbedRequest`, `MusicDetails`), which
/// writes `music_title` into the file. Every title here comes from the link's own path
/// (`.../album/blue-waves` is `Blue Waves`), and links whose path carries no words (a Spotify
/// playlist id) have none.
public struct MusicLink: Sendable, Equatable {
    public enum Service: String, Sendable, CaseIterable {
        case spotify = "Spotify"
        case applePodcasts = "Apple Podcasts"
        case youTube = "YouTube"
        case soundCloud = "SoundCloud"
        case appleMusic = "Apple Music"
        case tidal = "Tidal"
        case bandcamp = "Bandcamp"
        case link = "Link"
    }

    /// The link as the user entered it.
    public var original: String
    public var service: Service
    /// A link a browser opens (`https://…`), or nil when the text is not a web or Spotify link
    /// (a `javascript:` URL is never one).
    public var webURL: String?
    /// `Blue Waves`, from the path; nil when the path has no words.
    public var title: String?

    public init(_ text: String) {
        original = text
        let trimmed = MusicLink.trimmingWhitespace(text)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("spotify:") {
            service = .spotify
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).dropFirst().map(String.init)
            webURL = parts.count >= 2 && parts.allSatisfy(MusicLink.isPathSafe)
                ? "https://open.spotify.com/" + parts.joined(separator: "/") : nil
            title = nil
            return
        }
        let withScheme = MusicLink.hasScheme(lower) ? trimmed : "https://" + trimmed
        guard let components = URLComponents(string: withScheme),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              var host = components.host?.lowercased(), !host.isEmpty, host.utf8.contains(UInt8(ascii: ".")) else {
            service = .link
            webURL = nil
            title = nil
            return
        }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let path = components.percentEncodedPath
        service = MusicLink.classify(host: host, path: path.lowercased())
        var web = components
        web.scheme = "https"
        if host == "youtu.be" {
            let id = path.split(separator: "/").first.map(String.init) ?? ""
            web = URLComponents()
            web.scheme = "https"
            web.host = "www.youtube.com"
            web.path = "/watch"
            web.queryItems = [URLQueryItem(name: "v", value: id)]
        }
        webURL = web.string
        // Spotify and YouTube paths hold ids, never words.
        title = service == .spotify || service == .youTube ? nil : MusicLink.title(fromPath: path, service: service)
    }

    /// The service of a link, first match wins, as the app decides it.
    static func classify(host: String, path: String) -> Service {
        if has(host, "podcasts.apple.com") || (has(host, "itunes.apple.com") && has(path, "/podcast/")) {
            return .applePodcasts
        }
        if has(host, "spotify.com") { return .spotify }
        if has(host, "youtube.com") || has(host, "youtu.be") || has(host, "youtube-nocookie.com") { return .youTube }
        if has(host, "soundcloud.com") { return .soundCloud }
        if has(host, "music.apple.com") || has(host, "itunes.apple.com") { return .appleMusic }
        if has(host, "tidal.com") { return .tidal }
        if has(host, "bandcamp.com") { return .bandcamp }
        return .link
    }

    /// Whether `part` occurs in `text`, byte for byte (Foundation's `contains` goes through NSString).
    private static func has(_ text: String, _ part: String) -> Bool { text.utf8.firstRange(of: part.utf8) != nil }

    /// The last meaningful path segment, percent-decoded, extension dropped, `-` and `_` as spaces,
    /// words capitalised. Apple links skip `us`-style country codes, `album`, `playlist`,
    /// `podcast`, `id…` and `pl.…` segments; segments that look like identifiers give nothing.
    static func title(fromPath path: String, service: Service) -> String? {
        let apple = service == .appleMusic || service == .applePodcasts
        let skipped: Set<String> = ["album", "playlist", "podcast", "track", "artist", "sets", "watch", "embed", "channel", "user", "music", "browse"]
        let segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        for segment in segments.reversed() {
            let lower = segment.lowercased()
            if skipped.contains(lower) || (!lower.isEmpty && lower.allSatisfy(\.isNumber)) { continue }
            if apple && (lower.count == 2 || lower.hasPrefix("id") || lower.hasPrefix("pl.")) { continue }
            var name = segment
            if let dot = name.lastIndex(of: "."), dot > name.startIndex, name.distance(from: dot, to: name.endIndex) <= 5 {
                name = String(name[..<dot])
            }
            name = String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
            let words = name.split(separator: " ")
            guard !words.isEmpty, !MusicLink.looksLikeIdentifier(name) else { return nil }
            return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        return nil
    }

    /// A single word mixing letters and digits, like `37i9dQZF1DX4dyzvuaRJ0n` or `k3Yp9WqZ2fE`:
    /// an id, not a title.
    static func looksLikeIdentifier(_ text: String) -> Bool {
        guard !text.utf8.contains(UInt8(ascii: " ")) else { return false }
        let hasDigit = text.contains { $0.isNumber }
        let hasUpperInside = text.dropFirst().contains { $0.isUppercase }
        return hasDigit || hasUpperInside
    }

    /// Whether the text starts with a URL scheme (`https:`, `javascript:`), as opposed to a host
    /// (`open.spotify.com/…`, `example.com:8080/…`).
    static func hasScheme(_ lower: String) -> Bool {
        guard let colon = lower.firstIndex(of: ":") else { return false }
        let scheme = lower[..<colon]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" }) else {
            return false
        }
        return true
    }

    /// `text.trimmingCharacters(in: .whitespaces)`, without calling Foundation for the usual link,
    /// which starts and ends with a printable ASCII character: every character of that set is a
    /// space, a tab or outside ASCII.
    static func trimmingWhitespace(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func isPathSafe(_ part: String) -> Bool {
        !part.isEmpty && part.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }
}
