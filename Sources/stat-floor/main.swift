import DiaryFiles
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The floor of a nothing-changed build's check for changes, for the benchmark: one stat of each
// path of a list, on every core, from compiled code, as a build looks at them (each relative to
// its folder two levels down, opened once for the paths under it: `NearFolderStat`).
// Usage: stat-floor CONTENT OUTPUT LIST [ROUNDS]; each line of LIST is `c PATH` (under CONTENT)
// or `o PATH` (under OUTPUT). Prints each round's seconds, one a line.

let arguments = CommandLine.arguments
guard arguments.count >= 4, let list = try? String(contentsOfFile: arguments[3], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: stat-floor CONTENT OUTPUT LIST [ROUNDS]\n".utf8))
    exit(2)
}
let rounds = arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5
let trees: [String] = [arguments[1], arguments[2]]
let folders: [Int32] = trees.map { path -> Int32 in open(path, O_RDONLY | O_DIRECTORY) }
guard folders.allSatisfy({ $0 >= 0 }) else {
    FileHandle.standardError.write(Data("stat-floor: cannot open \(arguments[1]) or \(arguments[2])\n".utf8))
    exit(1)
}

// Each path as a C string, with the tree it is in.
let paths: [(tree: Int, path: [CChar])] = list.split(separator: "\n").compactMap { line -> (tree: Int, path: [CChar])? in
    guard line.count > 2 else { return nil }
    return (line.hasPrefix("o ") ? 1 : 0, Array(String(line.dropFirst(2)).utf8CString))
}

let chunkSize = 256
let chunks = (paths.count + chunkSize - 1) / chunkSize
for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        var info = stat()
        var inContent = NearFolderStat(base: folders[0])
        var inOutput = NearFolderStat(base: folders[1])
        for index in chunk * chunkSize..<min(paths.count, (chunk + 1) * chunkSize) {
            paths[index].path.withUnsafeBytes { raw in
                let path = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                let bytes = UnsafeRawBufferPointer(rebasing: raw.dropLast())
                _ = paths[index].tree == 0 ? inContent.stat(path, bytes: bytes, into: &info) : inOutput.stat(path, bytes: bytes, into: &info)
            }
        }
    }
    print(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
