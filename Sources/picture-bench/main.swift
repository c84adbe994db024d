import Foundation
import Pictures

// Publishes every picture of a folder through PictureLibrary with an empty cache, then again from
// the cache, and prints pictures per second, decodes and the bytes of the first picture's files.
// Benchmarks/pictures/bench.sh runs it beside vipsthumbnail and ImageMagick.
//
//     picture-bench FOLDER CACHE-FOLDER [WORKERS]

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: picture-bench FOLDER CACHE-FOLDER [WORKERS]\n".utf8))
    exit(2)
}
let folder = arguments[1]
let cacheFolder = arguments[2]
let workers = arguments.count > 3 ? Int(arguments[3]) ?? 1 : ProcessInfo.processInfo.activeProcessorCount
let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
let paths = names.filter { !$0.hasPrefix(".") }.map { "\(folder)/\($0)" }
try? FileManager.default.removeItem(atPath: cacheFolder)

func timed<Value>(_ work: () -> Value) -> (Value, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = work()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

let library = PictureLibrary(cacheFolder: cacheFolder, workers: workers)
let (results, seconds) = timed { library.prepare(paths) }
for case .failure(let error) in results { print("error: \(error)") }
print(String(format: "first build: %d pictures in %.2f s, %.2f pictures/s, %d decodes, %d workers",
             paths.count, seconds, Double(paths.count) / seconds, library.processor.decodeCount, workers))

let again = PictureLibrary(cacheFolder: cacheFolder, workers: workers)
let (_, rebuildSeconds) = timed { again.prepare(paths) }
print(String(format: "rebuild: %.3f s, %d decodes", rebuildSeconds, again.processor.decodeCount))

if case .success(let first)? = results.first {
    let sizes = try first.files.map { "\($0.width)×\($0.height) \($0.fileExtension) \(try $0.bytes().count / 1024) KB" }
    let source = (try? FileManager.default.attributesOfItem(atPath: paths[0])[.size] as? Int) ?? 0
    print("\(names[0]) (\(source / 1024) KB): " + sizes.joined(separator: ", "))
}
