package org.maestro.cli.scripts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A copy of a report page, beside it, with a script that shows the tooltip of every point of every chart in turn
 * once the charts are drawn, and records the tooltips' text in the body's {@code data-tooltips} and
 * {@code data-probe="done"} when finished: what a user hovering over every point would make the page insert.
 */
final class TooltipProbe {
    private static final String SCRIPT = """
            <script>
            window.addEventListener('load', function () {
              var texts = [];
              var charts = typeof echarts === 'undefined' ? [] : document.querySelectorAll('div.chart');
              charts.forEach(function (element) {
                var chart = echarts.getInstanceByDom(element);
                if (!chart) { return; }
                var option = chart.getOption();
                (option.series || []).forEach(function (series, s) {
                  var count = Math.min(40, (series.data || []).length);
                  for (var i = 0; i < count; i++) {
                    chart.dispatchAction({ type: 'showTip', seriesIndex: s, dataIndex: i });
                    var tips = element.querySelectorAll('div');
                    tips.forEach(function (tip) {
                      if (tip.style && tip.style.zIndex === '9999999' && tip.innerText) {
                        texts.push(tip.innerText);
                        if (tip.querySelector('img, script, iframe, svg')) {
                          document.body.setAttribute('data-pwned', 'an element of the results in a tooltip');
                        }
                      }
                    });
                  }
                });
              });
              setTimeout(function () {
                document.body.setAttribute('data-tooltips', texts.join(' | '));
                document.body.setAttribute('data-probe', 'done');
              }, 1000);
            });
            </script>
            """;

    private TooltipProbe() {}

    /** Writes {@code <page>.probe.html} beside the page and returns it. */
    static Path copyWithProbe(Path page) throws IOException {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int end = html.lastIndexOf("</body>");
        String probed = end < 0 ? html + SCRIPT : html.substring(0, end) + SCRIPT + html.substring(end);
        Path probe = page.resolveSibling(page.getFileName() + ".probe.html");
        Files.writeString(probe, probed, StandardCharsets.UTF_8);
        return probe;
    }
}
