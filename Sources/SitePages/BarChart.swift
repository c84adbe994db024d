import Templating

/// A column chart laid out for inline SVG: each column a stack of coloured segments (an
/// emotion's entries, or one colour), over a scale with a few round gridlines. Swift does the
/// arithmetic and `partials/bar-chart.html` draws it, so a theme can restyle every part.
///
/// The drawing is 320 units wide: on a phone it is shown at about its own size (text stays
/// readable), on a wide screen a little larger.
package struct BarChart {
    /// One column.
    package struct Column {
        /// Under the column; empty to leave it unlabelled (a crowded axis labels every few).
        package var label: String
        /// The column's full name, for its tooltip and table row: `March 2025`, `Monday`, `09:00`.
        package var name: String
        /// A page the column's entries are on (a month's page), if any.
        package var url: String? = nil
        /// Bottom to top: each segment's value and CSS colour (nil: the theme's bar colour).
        package var segments: [(value: Int, color: String?)]
        /// `[{emotion, count}]` behind the segments, for the tooltip (empty for one-colour columns).
        package var emotions: [TemplateValue]
    }

    package static let width = 320
    static let plotLeft = 30
    static let plotTop = 6
    static let plotHeight = 120
    /// Room under the plot for the column labels.
    static let labelRoom = 18

    /// Used in the SVG's ids, so two charts on a page need different ones.
    package var id: String
    /// Names the chart: its figure caption.
    package var caption: String
    /// The headers of the table of the same numbers: the columns' names, and their totals.
    var nameHeader: String
    var countHeader: String
    package var columns: [Column]

    /// The chart for the template; `unit` words the totals (`{n} entry|{n} entries`).
    package func value(unit: String) -> TemplateValue {
        let maximum = columns.map { $0.segments.reduce(0) { $0 + $1.value } }.max() ?? 0
        let step = Self.niceStep(for: maximum)
        let top = max(step, (maximum + step - 1) / step * step)
        let baseline = Self.plotTop + Self.plotHeight
        let scale = Double(Self.plotHeight) / Double(top)
        let slot = Double(Self.width - Self.plotLeft) / Double(max(1, columns.count))
        let barWidth = Self.rounded(slot * 0.7)

        let bars: [TemplateValue] = columns.enumerated().map { position, column in
            let x = Double(Self.plotLeft) + slot * Double(position) + (slot - barWidth) / 2
            var below = 0
            var segments: [TemplateValue] = []
            for segment in column.segments where segment.value > 0 {
                // Both edges from running totals, so stacked segments meet without gaps.
                let bottom = Double(baseline) - Double(below) * scale
                below += segment.value
                let topEdge = Double(baseline) - Double(below) * scale
                segments.append(.map([
                    "y": .double(Self.rounded(topEdge)),
                    "height": .double(Self.rounded(bottom) - Self.rounded(topEdge)),
                    "color": segment.color.map(TemplateValue.string) ?? .null,
                ]))
            }
            return .map([
                "x": .double(Self.rounded(x)),
                "width": .double(barWidth),
                "label": .string(column.label),
                "label_x": .double(Self.rounded(x + barWidth / 2)),
                "name": .string(column.name),
                "url": column.url.map(TemplateValue.string) ?? .null,
                "total": .int(below),
                "emotions": .list(column.emotions),
                "segments": .list(segments),
            ])
        }
        let grid: [TemplateValue] = stride(from: 0, through: top, by: step).map { tick in
            .map(["y": .double(Self.rounded(Double(baseline) - Double(tick) * scale)), "label": .string(Self.compact(tick))])
        }
        return .map([
            "id": .string(id),
            "caption": .string(caption),
            "name_header": .string(nameHeader),
            "count_header": .string(countHeader),
            "stacked": .bool(columns.contains { !$0.emotions.isEmpty }),
            "unit": .string(unit),
            "width": .int(Self.width),
            "height": .int(baseline + Self.labelRoom),
            "plot_left": .int(Self.plotLeft),
            "tick_x": .int(Self.plotLeft - 4),
            "baseline": .int(baseline),
            "label_y": .int(baseline + Self.labelRoom - 5),
            "bars": .list(bars),
            "grid": .list(grid),
        ])
    }

    /// A step of 1, 2 or 5 times a power of ten that puts at most four gridlines over `maximum`.
    static func niceStep(for maximum: Int) -> Int {
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where maximum <= factor * magnitude * 4 { return factor * magnitude }
            magnitude *= 10
        }
    }

    /// `1200` as `1.2k`, `25000` as `25k`: gridline labels stay within the axis' width.
    package static func compact(_ number: Int) -> String {
        guard number >= 1000 else { return String(number) }
        let thousands = Double(number) / 1000
        return thousands == thousands.rounded() ? "\(Int(thousands))k" : "\(rounded(thousands))k"
    }

    /// One decimal: enough for SVG coordinates, and short.
    private static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
