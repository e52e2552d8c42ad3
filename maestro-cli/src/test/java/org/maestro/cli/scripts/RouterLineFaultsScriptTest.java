package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.reporter.Chromium;
import org.maestro.testing.RealRouter;

/**
 * The study's router-line experiment, shortened, on real routers: RouterLineFaultsTest.groovy starts router1 → router2
 * → router3 with an agent beside each router, inspects all three, and has the agent addressed to router2 kill it and
 * start it again 2 s later under 2 × 500 msg/s. Each router has its own data and charts, only router2's agent acted,
 * and the fault's figures agree with the receivers' silences and the test's message counts.
 */
class RouterLineFaultsScriptTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COMMAND = "restart router2 2 --kill";
    private static final int TOTAL_RATE = 2 * 500;
    private static final int DOWN_SECONDS = 2;
    private static final List<String> ROUTERS = List.of("router1", "router2", "router3");

    @TempDir
    Path work;

    /** 2 × 500 msg/s for 16 s after a 2 s warm-up; router2 killed 4 s in and started again 2 s later. */
    private static Map<String, String> shortSetting(Path qdrouterd) {
        Map<String, String> setting = new java.util.HashMap<>();
        setting.put("QDROUTERD", qdrouterd.toString());
        setting.put("RATE", Integer.toString(TOTAL_RATE / 2));
        setting.put("PARALLEL_COUNT", "2");
        setting.put("TEST_DURATION", "16s");
        setting.put("WARM_UP", "2s");
        setting.put("AGENT_AT", "4s");
        setting.put("DOWN", Integer.toString(DOWN_SECONDS));
        return setting;
    }

    @Test
    void theAgentBesideTheMiddleRouterRestartsItAndTheFaultsFiguresMatchWhatThePeersRecorded() throws Exception {
        CliProcess run =
                CliProcess.runScript("RouterLineFaultsTest.groovy", shortSetting(RealRouter.require()), DEADLINE, work);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(run.output().contains("PASSED: '" + COMMAND + "' on router2-agent@localhost"), run.output());
        Path iteration = work.resolve("results/router-line-faults/0");

        assertOnlyTheMiddleRoutersAgentActed(iteration);
        assertEachRouterHasItsOwnDataAndCharts(iteration);
        assertTheFaultsFiguresAgreeWithThePeersFiles(iteration);
    }

    private static void assertOnlyTheMiddleRoutersAgentActed(Path iteration) throws Exception {
        List<AgentActions.Row> ran = AgentActions.read(
                PeerDirectories.find(iteration, "router2-agent@").resolve(AgentActions.FILE_NAME));
        assertEquals(1, ran.size(), ran.toString());
        assertEquals(COMMAND, ran.get(0).command());
        assertEquals("success", ran.get(0).outcome(), ran.get(0).message());
        assertTrue(
                Files.readString(PeerDirectories.find(iteration, "router2-agent@")
                                .resolve("agent-action-1.log"))
                        .contains("killed (SIGKILL) router router2"),
                "router2's agent killed router2");
        try (Stream<Path> peers = Files.list(iteration)) {
            for (Path peer : peers.filter(Files::isDirectory).toList()) {
                String name = peer.getFileName().toString();
                Path actions = peer.resolve(AgentActions.FILE_NAME);
                if (!name.startsWith("router2-agent@") && Files.exists(actions)) {
                    assertEquals(List.of(), AgentActions.read(actions), name + " ran nothing");
                }
            }
        }
        for (String other : List.of("router1-agent@", "router3-agent@")) {
            // the agents beside the other routers took part in the test: they are there, and did nothing
            assertTrue(Files.isDirectory(PeerDirectories.find(iteration, other)), other);
        }
    }

    private static void assertEachRouterHasItsOwnDataAndCharts(Path iteration) throws Exception {
        Path systems = PeerDirectories.find(iteration, "inspector-").resolve("systems");
        for (String node : ROUTERS) {
            List<String> rows = Files.readAllLines(systems.resolve(node).resolve("dispatch-router.csv")).stream()
                    .filter(l -> !l.startsWith("#") && !l.isBlank())
                    .toList();
            assertTrue(rows.size() >= 3, node + " was polled during the test: " + rows);
            assertTrue(
                    Files.readString(systems.resolve(node).resolve("inspector.properties"))
                            .contains("inspector.system=" + node),
                    node + " is a system of its own");
        }
        Document page =
                Jsoup.parse(iteration.getParent().resolve("iteration-0.html").toFile());
        List<String> titles = page.select("div.chart[id^=chart-inspector-]").eachAttr("data-title");
        for (String node : ROUTERS) {
            assertTrue(titles.stream().anyMatch(t -> t.startsWith(node + " (")), node + "'s charts: " + titles);
        }
        List<String> lined = new ArrayList<>();
        for (JsonNode spec : Chromium.chartSpecs(page)) {
            if (spec.get("title").asText().endsWith(" of each system")
                    || spec.get("title").asText().contains(" of each system ")) {
                List<String> lines = new ArrayList<>();
                spec.get("series").forEach(s -> lines.add(s.get("name").asText()));
                if (lines.equals(ROUTERS)) {
                    lined.add(spec.get("title").asText());
                }
            }
        }
        assertTrue(
                lined.contains("Memory of each system"),
                "the routers' memory lined up on one chart, a line per router: " + lined);
    }

    private void assertTheFaultsFiguresAgreeWithThePeersFiles(Path iteration) throws Exception {
        JsonNode last = null;
        for (JsonNode entry : JSON.readTree(
                        work.resolve("results/router-line-faults/summary.json").toFile())
                .get("iterations")) {
            last = entry;
        }
        assertNotNull(last);
        JsonNode messages = last.get("messages");
        JsonNode faults = last.get("faults");
        assertEquals(1, faults.size(), faults.toString());
        JsonNode fault = faults.get(0);
        assertEquals(COMMAND, fault.get("action").asText());
        assertTrue(fault.get("agent").asText().startsWith("router2-agent@"), fault.toString());

        // the silence: the longest one a receiver recorded, starting within the fault's interval
        long from = fault.get("start").asLong();
        long until = fault.get("until").asLong();
        double recorded = 0;
        try (Stream<Path> peers = Files.list(iteration)) {
            for (Path receiver : peers.filter(p -> p.getFileName().toString().startsWith("receiver-"))
                    .toList()) {
                for (ReceiveGaps.Gap gap : ReceiveGaps.read(receiver.resolve(ReceiveGaps.FILE_NAME))) {
                    long startMillis = gap.startMicros() / 1000;
                    if (startMillis >= from && startMillis <= until) {
                        recorded = Math.max(recorded, gap.millis() / 1000.0);
                    }
                }
            }
        }
        double gapSeconds = fault.get("gapSeconds").asDouble();
        assertTrue(gapSeconds >= DOWN_SECONDS * 0.75, "the receivers were silent while router2 was down: " + fault);
        assertTrue(recorded > 0, "a receiver recorded the silence in receive-gaps.csv");
        if (fault.get("gapResolution").asText().equals("recorded")) {
            assertEquals(recorded, gapSeconds, 0.002, "the silence is the one recorded: " + fault);
        } else {
            assertTrue(gapSeconds >= recorded - 0.002, "no shorter than the silence recorded: " + fault);
        }

        // the throughput's recovery: a time no shorter than the silence, or not recovered and what was reached
        String recovery = fault.get("throughputRecovery").asText();
        if (recovery.equals("recovered")) {
            double back = fault.get("throughputRecoverySeconds").asDouble();
            assertTrue(back >= gapSeconds - 1.0 && back <= 14.0, "back after the silence: " + fault);
        } else {
            assertEquals("not recovered", recovery, fault.toString());
            assertTrue(fault.get("throughputReached").isNumber(), "what it reached instead: " + fault);
        }

        // the messages: within the test's totals, and most of the test's loss is this fault's
        long refused = messages.get("refused").asLong();
        long vanished = messages.get("vanished").asLong();
        long duplicates = messages.path("duplicates").asLong(0);
        assertEquals(
                messages.get("sent").asLong(),
                messages.get("received").asLong() + refused + vanished,
                "sent = received + refused + vanished: " + messages);
        assertTrue(fault.get("refused").isNumber() && fault.get("vanished").isNumber(), "both known: " + fault);
        long faultRefused = fault.get("refused").asLong();
        long faultVanished = fault.get("vanished").asLong();
        // the fault counts send attempts not accepted; the test's refused counts messages never received, so a
        // message the router released or modified yet delivered is in the first and not in the second
        JsonNode outcomes = messages.get("outcomes");
        long notAccepted = outcomes.get("released").asLong()
                + outcomes.get("rejected").asLong()
                + outcomes.get("modified").asLong()
                + outcomes.get("failed").asLong();
        assertTrue(
                faultRefused >= 0 && faultRefused <= notAccepted,
                "refused within the senders' attempts not accepted: " + fault + messages);
        assertTrue(faultVanished >= 0 && faultVanished <= vanished, "vanished within the test's: " + fault + messages);
        long duplicated = fault.get("duplicates").asLong();
        assertTrue(duplicated >= 0 && duplicated <= duplicates, "duplicates within the test's: " + fault + messages);
        long lost = refused + vanished;
        assertTrue(lost >= TOTAL_RATE * DOWN_SECONDS / 2, "at least half the traffic of the outage lost: " + messages);
        assertTrue(
                faultRefused + faultVanished >= lost / 2,
                "the fault's interval holds most of the test's loss: " + fault + messages);
    }
}
