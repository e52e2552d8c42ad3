package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.read.VerdictFile;
import org.maestro.reporter.testing.ResultsAudit;
import org.w3c.dom.NodeList;

/**
 * One verdict per iteration, whoever decided it: a failure the script declared over passing peers, or the runner's,
 * is the iteration's outcome on its page, in the index, in summary.json and in junit.xml, with the reason and who
 * decided; the index shows the last script's own verdict; inspector charts name the SUT they show.
 */
class VerdictAgreementTest {
    @TempDir
    Path results;

    private static final String LOST = "15014 messages lost";

    private Document page(Path file) throws Exception {
        return Jsoup.parse(Files.readString(file));
    }

    private JsonNode iteration(String test, int number) throws Exception {
        for (JsonNode entry : new ObjectMapper()
                .readTree(results.resolve(test + "/summary.json").toFile())
                .get("iterations")) {
            if (entry.get("iteration").asInt() == number) {
                return entry;
            }
        }
        throw new AssertionError("no iteration " + number + " of " + test);
    }

    private org.w3c.dom.Element junitCase(String test, int number) throws Exception {
        NodeList cases = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(results.resolve(test + "/junit.xml").toFile())
                .getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            org.w3c.dom.Element each = (org.w3c.dom.Element) cases.item(i);
            if (each.getAttribute("name").equals(test + " #" + number)) {
                return each;
            }
        }
        throw new AssertionError("no test case " + test + " #" + number);
    }

    @Test
    void aFailureTheScriptDeclaredOverPassingPeersIsTheOutcomeEverywhere() throws Exception {
        SyntheticResults writer = new SyntheticResults(7, 1.0, 1.0);
        writer.simple(results.resolve("restart/0"), SyntheticResults.T0, 2000, "success", "p90 1.2 ms <= 500 ms");
        writer.simple(
                results.resolve("restart/1"), SyntheticResults.T0 + 60_000, 2000, "success", "p90 1.1 ms <= 500 ms");
        new VerdictFile(Verdict.FAILURE, LOST).write(results.resolve("restart/0"), VerdictFile.SCRIPT);
        new ScriptRun(
                        "RouterRestart.groovy",
                        Verdict.FAILURE,
                        LOST,
                        List.of("restart #0", "restart #1"),
                        SyntheticResults.T0 + 120_000)
                .write(results);

        Reporter.build(results);
        ResultsAudit.assertResultsConsistent(results);

        JsonNode failed = iteration("restart", 0);
        assertEquals("failure", failed.get("outcome").asText());
        assertEquals("script: " + LOST, failed.get("reason").asText());
        assertEquals("script", failed.get("decidedBy").asText());
        JsonNode passed = iteration("restart", 1);
        assertEquals("success", passed.get("outcome").asText());
        assertEquals("peers", passed.get("decidedBy").asText());

        Document failedPage = page(results.resolve("restart/iteration-0.html"));
        assertEquals("failure", failedPage.select("h1 .badge").attr("data-outcome"));
        assertEquals("FAIL", failedPage.select("h1 .badge").text());
        assertEquals("script: " + LOST, failedPage.select("#reason").text());
        assertEquals("script", failedPage.select("#decided-by").attr("data-decided-by"));
        assertEquals(
                "PASS",
                page(results.resolve("restart/iteration-1.html"))
                        .select("h1 .badge")
                        .text());

        Document index = page(results.resolve("index.html"));
        Element row = index.selectFirst("#runs tr[data-test=restart][data-iteration=0]");
        assertEquals("failure", row.select(".badge").attr("data-outcome"));
        assertTrue(row.text().contains(LOST), row.text());
        assertEquals("1", index.select("#card-failed .value").text());
        Element script = index.selectFirst("#script-verdict");
        assertEquals("failure", script.attr("data-outcome"));
        assertTrue(
                script.text().contains("RouterRestart.groovy") && script.text().contains(LOST), script.text());

        org.w3c.dom.Element failure = (org.w3c.dom.Element)
                junitCase("restart", 0).getElementsByTagName("failure").item(0);
        assertEquals("script: " + LOST, failure.getAttribute("message"));
        assertEquals(0, junitCase("restart", 1).getElementsByTagName("failure").getLength());
    }

    @Test
    void theRunnersFailureComesFirstTheScriptsAndThePeersFollow() throws Exception {
        new SyntheticResults(8, 1.0, 1.0)
                .simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "failure", "p90 812.5 ms > 500 ms");
        new VerdictFile(Verdict.FAILURE, "peer receiver-1 died").write(results.resolve("t/0"), VerdictFile.RUNNER);

        TestSummary byRunner = Reporter.summarize(results.resolve("t/0"));
        assertEquals(Decider.RUNNER, byRunner.decidedBy());
        assertTrue(byRunner.reason().startsWith("runner: peer receiver-1 died; "), byRunner.reason());
        assertTrue(byRunner.reason().contains("p90 812.5 ms > 500 ms"), byRunner.reason());

        new VerdictFile(Verdict.FAILURE, "").write(results.resolve("t/0"), VerdictFile.SCRIPT);
        TestSummary byScript = Reporter.summarize(results.resolve("t/0"));
        assertEquals(Decider.SCRIPT, byScript.decidedBy());
        assertTrue(
                byScript.reason().startsWith("runner: peer receiver-1 died; script: failed (no reason given); "),
                byScript.reason());
    }

    @Test
    void aScriptsSuccessCannotPassAFailedTestButGivesThePassedOneItsReason() throws Exception {
        SyntheticResults writer = new SyntheticResults(9, 1.0, 1.0);
        writer.simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "failure", "p90 812.5 ms > 500 ms");
        writer.simple(results.resolve("t/1"), SyntheticResults.T0 + 60_000, 1000, "success", "p90 1 ms <= 500 ms");
        for (String iteration : List.of("t/0", "t/1")) {
            new VerdictFile(Verdict.SUCCESS, "0 of 2000 lost").write(results.resolve(iteration), VerdictFile.SCRIPT);
        }

        TestSummary failed = Reporter.summarize(results.resolve("t/0"));
        assertEquals(Verdict.FAILURE, failed.outcome());
        assertEquals(Decider.PEERS, failed.decidedBy());
        TestSummary passed = Reporter.summarize(results.resolve("t/1"));
        assertEquals(Verdict.SUCCESS, passed.outcome());
        assertEquals(Decider.SCRIPT, passed.decidedBy());
        assertEquals("0 of 2000 lost", passed.reason());
    }

    @Test
    void inspectorChartsNameTheSutTheyShow() throws Exception {
        new SyntheticResults(10, 1.0, 1.0).fixedRate(results.resolve("routed/0"), SyntheticResults.T0, true);
        Files.writeString(
                results.resolve("routed/0/inspector-1@sut/inspector.properties"),
                "# maestro-inspector v1\ninspector.name=dispatch\ninspector.url=amqp\\://admin\\:***@127.0.0.1\\:41181\n"
                        + "sut.name=router2\nsut.product=Qpid Dispatch Router\n");
        Files.move(
                results.resolve("routed/0/inspector-1@sut/queues.csv"),
                results.resolve("routed/0/inspector-1@sut/dispatch-addresses.csv"));

        Reporter.build(results);
        ResultsAudit.assertResultsConsistent(results);

        List<String> titles = page(results.resolve("routed/iteration-0.html"))
                .select("div.chart[id^=chart-inspector-]")
                .eachAttr("data-title");
        assertFalse(titles.isEmpty());
        assertTrue(
                titles.stream().allMatch(t -> t.startsWith("router2 (amqp://127.0.0.1:41181) — ")), titles.toString());
        assertTrue(
                titles.stream().anyMatch(t -> t.startsWith("router2 (amqp://127.0.0.1:41181) — addresses")),
                titles.toString());
        assertTrue(titles.stream().noneMatch(t -> t.contains("***") || t.contains("admin")), titles.toString());
    }
}
