package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.RealRouter;

/**
 * An embedded run whose tests go through a real Qpid Dispatch router (SEND_RECEIVE_URL and MANAGEMENT_INTERFACE in
 * the environment): the embedded mode starts no Artemis SUT, its inspector reads the router's AMQP management, and
 * the report's inspector charts name the router.
 */
class EmbeddedRunAgainstRouterTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void anEmbeddedRunAgainstARouterInspectsTheRouterAndStartsNoArtemis() throws Exception {
        try (RealRouter router = RealRouter.startStandalone(work.resolve("router"), "router-under-test")) {
            Path facts = work.resolve("facts.txt");
            Path script = work.resolve("Routed.groovy");
            Files.writeString(
                    script,
                    String.join(
                            "\n",
                            "maestro.fixedRate { name 'routed'; parallelCount 1; rate 50; duration '3s'; inspectionInterval '1s' }",
                            "def brokers = java.lang.management.ManagementFactory.platformMBeanServer.queryNames(",
                            "        new javax.management.ObjectName('org.apache.activemq.artemis:broker=*'), null)",
                            "def port = new URI(maestro.sutUrl('test.queue')).port",
                            "boolean listening",
                            "try { new Socket('127.0.0.1', port).close(); listening = true } catch (IOException e) { listening = false }",
                            "new File('" + facts.toString().replace("\\", "\\\\") + "').text = "
                                    + "\"brokers=${brokers}\\nlistening=${listening}\\n\"",
                            ""));

            CliRun run = CliRun.runWithEnvironment(
                    Map.of("SEND_RECEIVE_URL", router.url() + "/test.queue", "MANAGEMENT_INTERFACE", router.url()),
                    "run",
                    script.toString(),
                    "--results",
                    work.resolve("results").toString());

            assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
            assertFalse(run.out().contains("embedded Artemis SUT started"), run.out());
            assertEquals(
                    List.of("brokers=[]", "listening=false"),
                    Files.readAllLines(facts),
                    "no Artemis broker in this JVM and nothing on the embedded SUT's port during the run");

            Path iteration = work.resolve("results/routed/0");
            JsonNode summary = JSON.readTree(
                            work.resolve("results/routed/summary.json").toFile())
                    .get("iterations")
                    .get(0);
            assertEquals("success", summary.get("outcome").asText(), summary.toString());
            assertEquals(150, summary.get("messages").get("received").asLong(), "50 msg/s for 3 s through the router");
            assertEquals(0, summary.get("messages").get("lost").asLong());

            Path inspector = peer(iteration, "inspector-");
            List<String> dataSets = csvFiles(inspector);
            assertTrue(dataSets.stream().noneMatch(name -> name.startsWith("artemis-")), dataSets.toString());
            for (String dataSet : List.of(
                    "dispatch-router.csv",
                    "dispatch-links.csv",
                    "dispatch-connections.csv",
                    "dispatch-addresses.csv")) {
                assertTrue(dataSets.contains(dataSet), dataSet + " in " + dataSets);
                List<String> lines = Files.readAllLines(inspector.resolve(dataSet));
                assertTrue(lines.size() > 2, dataSet + " has rows: " + lines);
            }
            assertTrue(
                    Files.readString(inspector.resolve("dispatch-addresses.csv"))
                            .contains("test.queue"),
                    "the router's address table lists the test's address");
            Properties properties = new Properties();
            try (Reader in =
                    Files.newBufferedReader(inspector.resolve("inspector.properties"), StandardCharsets.UTF_8)) {
                properties.load(in);
            }
            assertEquals("dispatch", properties.getProperty("inspector.name"), "chosen from the amqp:// URL");
            assertEquals("router-under-test", properties.getProperty("sut.name"));

            List<String> titles = Jsoup.parse(Files.readString(work.resolve("results/routed/iteration-0.html")))
                    .select("div.chart[id^=chart-inspector-]")
                    .eachAttr("data-title");
            String sut = "router-under-test (" + router.url() + ") — ";
            assertFalse(titles.isEmpty());
            assertTrue(titles.stream().allMatch(title -> title.startsWith(sut)), titles.toString());
            assertTrue(titles.stream().anyMatch(title -> title.startsWith(sut + "links")), titles.toString());
        }
    }

    private static Path peer(Path iteration, String prefix) throws Exception {
        try (Stream<Path> peers = Files.list(iteration)) {
            return peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + prefix + "* directory in " + iteration));
        }
    }

    private static List<String> csvFiles(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".csv"))
                    .sorted()
                    .toList();
        }
    }
}
