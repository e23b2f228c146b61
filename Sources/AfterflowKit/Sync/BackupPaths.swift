#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a backup's archive may go.
public enum BackupPaths {
    /// Whether `archive` (an absolute path, which may not exist yet) is inside the folder `root`
    /// (or is it), compared by their real paths, so that a link to either is seen through.
    public static func isInside(_ archive: String, root: String) -> Bool {
        let folder = realPath(root) ?? root
        let file = realPath(archive) ?? {
            let parent = (archive as NSString).deletingLastPathComponent
            return (realPath(parent) ?? parent) + "/" + (archive as NSString).lastPathComponent
        }()
        return file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
