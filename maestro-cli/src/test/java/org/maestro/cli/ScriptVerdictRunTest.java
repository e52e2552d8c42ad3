package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.w3c.dom.NodeList;

/**
 * Embedded runs against the embedded Artemis SUT: whatever decides the verdict (the peers, or the script with
 * {@code maestro.verdict}), the exit code, the table printed at the end, the iteration page, the index, summary.json
 * and junit.xml say the same, with the reason; and the inspector lists the SUT broker's queues only.
 */
class ScriptVerdictRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEST = "fixedRate { parallelCount 1; rate 50; duration '3s'; inspectionInterval '1s'";

    @TempDir
    Path work;

    private CliRun run(String body) throws Exception {
        Path script = work.resolve("Verdict.groovy");
        Files.writeString(script, body);
        return CliRun.runWithEnvironment(
                Map.of(),
                "run",
                script.toString(),
                "--results",
                work.resolve("results").toString());
    }

    private Path results(String path) {
        return work.resolve("results").resolve(path);
    }

    private JsonNode summary(String test, int iteration) throws Exception {
        for (JsonNode entry :
                JSON.readTree(results(test + "/summary.json").toFile()).get("iterations")) {
            if (entry.get("iteration").asInt() == iteration) {
                return entry;
            }
        }
        throw new AssertionError("no iteration " + iteration + " in " + results(test + "/summary.json"));
    }

    private Document page(String path) throws Exception {
        return Jsoup.parse(Files.readString(results(path)));
    }

    /** The failure of a test case in junit.xml, or null when it passed. */
    private org.w3c.dom.Element junitFailure(String test, int iteration) throws Exception {
        NodeList cases = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(results(test + "/junit.xml").toFile())
                .getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            org.w3c.dom.Element each = (org.w3c.dom.Element) cases.item(i);
            if (each.getAttribute("name").equals(test + " #" + iteration)) {
                return (org.w3c.dom.Element)
                        each.getElementsByTagName("failure").item(0);
            }
        }
        throw new AssertionError("no test case " + test + " #" + iteration + " in junit.xml");
    }

    /** The RESULT column of a test's row in the table the run printed. */
    private static String tableResult(CliRun run, String test, int iteration) {
        var row = Pattern.compile("(?m)^" + Pattern.quote(test) + "\\s+" + iteration + "\\s+(\\S+)")
                .matcher(run.out());
        assertTrue(row.find(), "a row for " + test + " #" + iteration + " in:\n" + run.out());
        return row.group(1);
    }

    @Test
    void aFailureTheScriptDeclaresAfterAPassingTestIsTheResultEverywhere() throws Exception {
        String reason = "FAILED: 15014 messages lost";
        CliRun run = run("def result = maestro." + TEST + "; name 'restart' }\n"
                + "assert result.passed\n"
                + "maestro.verdict(false, '" + reason + "')\n");

        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.out() + run.err());
        assertEquals("FAIL", tableResult(run, "restart", 0));
        assertTrue(run.out().contains("restart #0 failed: script: " + reason), run.out());
        assertTrue(run.out().contains("FAILED: " + reason), run.out());

        Document iterationPage = page("restart/iteration-0.html");
        assertEquals("failure", iterationPage.select("h1 .badge").attr("data-outcome"));
        assertEquals("script: " + reason, iterationPage.select("#reason").text());
        assertEquals("script", iterationPage.select("#decided-by").attr("data-decided-by"));

        Document index = page("index.html");
        Element row = index.selectFirst("#runs tr[data-test=restart][data-iteration=0]");
        assertEquals("failure", row.select(".badge").attr("data-outcome"), row.outerHtml());
        assertTrue(row.text().contains("script: " + reason), row.text());
        assertEquals("failure", index.select("#script-verdict").attr("data-outcome"));
        assertTrue(
                index.select("#script-verdict").text().contains(reason),
                index.select("#script-verdict").text());

        JsonNode summary = summary("restart", 0);
        assertEquals("failure", summary.get("outcome").asText());
        assertEquals("script: " + reason, summary.get("reason").asText());
        assertEquals("script", summary.get("decidedBy").asText());
        assertEquals("script: " + reason, junitFailure("restart", 0).getAttribute("message"));

        // the inspector of the embedded SUT lists its queues, not the MQTT session store of the control broker
        Path queues = peer(results("restart/0"), "inspector-").resolve("artemis-queues.csv");
        String table = Files.readString(queues);
        assertTrue(table.contains(",test.queue,test.queue,"), table);
        assertFalse(table.contains("$sys.mqtt"), table);
        assertTrue(run.out().contains("embedded Artemis SUT started"), run.out());
        List<String> titles =
                iterationPage.select("div.chart[id^=chart-inspector-]").eachAttr("data-title");
        assertTrue(
                titles.stream()
                        .anyMatch(t -> t.matches(
                                "maestro-sut \\(http://127\\.0\\.0\\.1:\\d+/console/jolokia\\)" + " — queues.*")),
                titles.toString());
    }

    @Test
    void aPassingRunPassesEverywhere() throws Exception {
        CliRun run = run("maestro." + TEST + "; name 'steady' }\n");

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        assertEquals("PASS", tableResult(run, "steady", 0));
        assertEquals(
                "success", page("steady/iteration-0.html").select("h1 .badge").attr("data-outcome"));
        Document index = page("index.html");
        assertEquals(
                "success",
                index.selectFirst("#runs tr[data-test=steady][data-iteration=0]")
                        .select(".badge")
                        .attr("data-outcome"));
        assertEquals("success", index.select("#script-verdict").attr("data-outcome"));
        assertEquals("success", summary("steady", 0).get("outcome").asText());
        assertEquals("peers", summary("steady", 0).get("decidedBy").asText());
        assertEquals(null, junitFailure("steady", 0));
    }

    @Test
    void aVerdictOnOneTestFailsThatTestOnly() throws Exception {
        CliRun run = run("def first = maestro." + TEST + "; name 'first' }\n"
                + "def second = maestro." + TEST + "; name 'second' }\n"
                + "def judged = maestro.verdict(first, false, 'too slow to drain')\n"
                + "assert !judged.passed && judged.reason == 'script: too slow to drain'\n");

        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.out() + run.err());
        assertEquals("FAIL", tableResult(run, "first", 0));
        assertEquals("PASS", tableResult(run, "second", 0));
        assertEquals(
                "failure", page("first/iteration-0.html").select("h1 .badge").attr("data-outcome"));
        assertEquals(
                "success", page("second/iteration-0.html").select("h1 .badge").attr("data-outcome"));
        assertEquals("script: too slow to drain", junitFailure("first", 0).getAttribute("message"));
        assertEquals(null, junitFailure("second", 0));
    }

    private static Path peer(Path iteration, String prefix) throws Exception {
        try (Stream<Path> peers = Files.list(iteration)) {
            return peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + prefix + "* directory in " + iteration));
        }
    }
}
