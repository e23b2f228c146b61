import Foundation

/// The one request `afterflow music fetch --online` makes for a link: a GET of the provider's
/// oEmbed endpoint, for Spotify, YouTube, SoundCloud and Tidal only.
public struct OEmbedRequest: Sendable, Equatable {
    public var service: MusicLink.Service
    /// The full address asked: `https://www.youtube.com/oembed?url=…&format=json`.
    public var url: String
    /// The host connected to: `www.youtube.com`, or the test base's.
    public var host: String

    /// The host of each provider's endpoint.
    public static let hosts: [(service: MusicLink.Service, host: String)] = [
        (.spotify, "open.spotify.com"), (.youTube, "www.youtube.com"), (.soundCloud, "soundcloud.com"), (.tidal, "oembed.tidal.com"),
    ]

    /// Whether the provider has an oEmbed endpoint afterflow asks.
    public static func isAsked(_ service: MusicLink.Service) -> Bool {
        hosts.contains { $0.service == service }
    }

    /// The request for `link`, or nil when its provider has no endpoint afterflow asks or the link
    /// has no web form. `base` replaces the scheme, host and port (tests only); the provider's path
    /// and query stay.
    public init?(link: MusicLink, base: Base? = nil) {
        guard let web = link.webURL, let host = OEmbedRequest.hosts.first(where: { $0.service == link.service })?.host else { return nil }
        let value = web.addingPercentEncoding(withAllowedCharacters: OEmbedRequest.unreserved) ?? web
        let pathAndQuery: String
        switch link.service {
        case .spotify: pathAndQuery = "/oembed?url=" + value
        case .youTube: pathAndQuery = "/oembed?url=" + value + "&format=json"
        case .soundCloud: pathAndQuery = "/oembed?format=json&url=" + value
        default: pathAndQuery = "/?url=" + value
        }
        service = link.service
        if let base {
            url = base.origin + pathAndQuery
            self.host = base.host
        } else {
            url = "https://" + host + pathAndQuery
            self.host = host
        }
    }

    /// Letters, digits and `-._~`: everything else in the link is percent-encoded in the query.
    static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Another scheme, host and port for every endpoint (`http://127.0.0.1:8080`): for tests only,
    /// read from `AFTERFLOW_OEMBED_BASE` when that is set.
    public struct Base: Sendable, Equatable {
        /// `http://127.0.0.1:8080`.
        public var origin: String
        public var host: String

        /// Reads `http://HOST[:PORT]` or `https://…`, with no path (a `/` alone is allowed), query or user.
        public init?(_ text: String) {
            var trimmed = text.trimmingASCIIWhitespace()
            if trimmed.hasSuffix("/") { trimmed.removeLast() }
            guard let components = URLComponents(string: trimmed),
                  let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host, !host.isEmpty,
                  components.path.isEmpty, components.query == nil, components.fragment == nil,
                  components.user == nil, components.password == nil else { return nil }
            origin = scheme + "://" + (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
            self.host = host
        }
    }
}

extension MusicLink.Service {
    /// The name `--where music_provider=…` matches: `spotify`, `youtube`, `soundcloud`, `tidal`,
    /// `apple-music`, `apple-podcasts`, `bandcamp`, or `link` for any other link.
    public var slug: String {
        switch self {
        case .spotify: return "spotify"
        case .applePodcasts: return "apple-podcasts"
        case .youTube: return "youtube"
        case .soundCloud: return "soundcloud"
        case .appleMusic: return "apple-music"
        case .tidal: return "tidal"
        case .bandcamp: return "bandcamp"
        case .link: return "link"
        }
    }
}
