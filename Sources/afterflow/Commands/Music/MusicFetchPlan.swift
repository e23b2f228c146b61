import AfterflowKit
import Foundation

extension MusicFetchOutcome {
    static func print(_ outcomes: [MusicFetchOutcome], format: DataFormat, vault: Vault) {
        guard format == .text else {
            emit(JSONValue.array(outcomes.map(\.json)).serialized(pretty: true))
            return
        }
        let err = ErrorStream.current
        for outcome in outcomes {
            let path = vault.shownPath(outcome.path)
            switch outcome.status {
            case .updated:
                var parts: [String] = []
                if let title = outcome.details?.title { parts.append("title \"\(title)\"") }
                if let author = outcome.details?.author { parts.append("author \"\(author)\"") }
                if let length = outcome.details?.durationText { parts.append("length \(length)") }
                emit("Updated \(path): \(parts.joined(separator: ", ").visible())")
            case .unchanged:
                emit("Unchanged \(path): \((outcome.reason ?? "").visible())")
            case .skipped:
                emit("Skipped \(path): \((outcome.reason ?? "").visible())")
            case .failed:
                err.write(err.style("error:", "1;31") + " \(path): not changed: \((outcome.reason ?? "").visible())")
            }
        }
        if outcomes.count > 1 { emit(summary(outcomes)) }
    }
}

extension OEmbedHelper {
    /// The folder of the running `afterflow`.
    static var ownFolder: String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/exe", &buffer, 4096)
        var path: String?
        if count > 0 {
            path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else {
            path = Bundle.main.executableURL?.resolvingSymlinksInPath().path
        }
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// `afterflow-oembed` in the folder of the running `afterflow`, and nowhere else.
    static func locate() -> String? {
        guard let folder = ownFolder else { return nil }
        let candidate = folder + "/" + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }
}
