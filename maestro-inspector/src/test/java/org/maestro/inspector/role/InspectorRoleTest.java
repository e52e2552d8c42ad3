package org.maestro.inspector.role;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.ManualTicker;
import org.maestro.inspector.PollerStats;
import org.maestro.inspector.artemis.EmbeddedJolokia;

/** The inspector peer: which inspector it picks, what it refuses, and what it records until stopped. */
class InspectorRoleTest {
    private static EmbeddedArtemis broker;
    private static EmbeddedJolokia jolokia;

    @TempDir
    Path results;

    private final ManualTicker ticker = new ManualTicker();
    private final InspectorRole role = new InspectorRole(ticker, MicroClock.system());

    @BeforeAll
    static void startBrokerAndAgent() throws Exception {
        broker = EmbeddedArtemis.builder().amqp().name("role-broker").start();
        jolokia = EmbeddedJolokia.start("admin", "pa55word");
    }

    @AfterAll
    static void stopBrokerAndAgent() throws Exception {
        jolokia.close();
        broker.close();
    }

    private static Note start(String name) {
        return Note.request(Command.START_INSPECTOR, new Payload.Text(name));
    }

    /** The inspector's peer side, with MANAGEMENT_INTERFACE set to the URL. */
    private RecordingPeerContext peerAt(String managementUrl) {
        return new RecordingPeerContext("inspector-1", "inspector", results)
                .set(OptionCode.MANAGEMENT_INTERFACE, managementUrl);
    }

    /** The refusal of START_INSPECTOR naming an inspector. */
    private RoleException refusedStart(String name, RecordingPeerContext peer) {
        return assertThrows(RoleException.class, () -> role.handle(start(name), peer));
    }

    private static Note stop() {
        return Note.request(Command.STOP_INSPECTOR);
    }

    private void awaitPolls(long polls) throws InterruptedException {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() ->
                        assertTrue(role.pollerStats().polls() >= polls, polls + " polls (" + role.pollerStats() + ")"));
    }

    @Test
    void inspectsTheNamedSutUntilStoppedAndRecordsWhatItLearned() throws Exception {
        RecordingPeerContext peer =
                peerAt(jolokia.url()).set(OptionCode.TEST_NAME, "inspected").set(OptionCode.INSPECTION_INTERVAL, "2s");
        role.handle(start("artemis"), peer);
        assertTrue(role.busy());
        assertEquals(Command.NOTIFY_READY, peer.notifications().get(0).command());
        ticker.tick();
        awaitPolls(1);
        ticker.tick();
        awaitPolls(2);
        Payload.Stats stats = role.stats();
        assertEquals("inspector", stats.role());
        assertEquals(2, stats.count());
        assertEquals(0, stats.errors());
        role.handle(stop(), peer);
        assertFalse(role.busy());
        assertTrue(ticker.stopped());

        RecordingPeerContext.Notification done = peer.notifications().get(1);
        assertEquals(Command.NOTIFY_SUCCESS, done.command(), done.message());
        assertEquals("2", done.details().get("polls"));
        assertEquals("0", done.details().get("errors"));

        Path directory = results.resolve("inspected/0/inspector-1@localhost");
        for (String file : List.of("artemis-jvm-heap.csv", "artemis-memory-pools.csv", "artemis-os.csv")) {
            CsvTable table = CsvTable.read(directory.resolve(file));
            assertEquals(2, table.timestamps().size(), file);
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(directory.resolve("inspector.properties"), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        assertEquals(broker.server().getVersion().getFullVersion(), properties.getProperty("sut.version"));
        assertEquals("role-broker", properties.getProperty("sut.name"));
        assertEquals("artemis", properties.getProperty("inspector.name"));
        assertEquals("2s", properties.getProperty("inspector.interval"));
        assertEquals("2", properties.getProperty("inspector.polls"));
        assertEquals(
                jolokia.urlWithoutCredentials().replace("http://", "http://admin:***@"),
                properties.getProperty("inspector.url"));
        assertFalse(Files.readString(directory.resolve("inspector.properties")).contains("pa55word"));

        assertEquals(2, role.stats().count(), "an idle inspector answers the figures of its last inspection");
        role.reset();
        assertEquals(0, role.stats().count(), "until RESET: the next test starts from none");
    }

    @Test
    void takesTheInspectorNameFromTheOptionWhenTheNoteHasNone() throws Exception {
        RecordingPeerContext peer = peerAt(jolokia.url()).set(OptionCode.INSPECTOR_NAME, "artemis");
        role.handle(start(""), peer);
        assertTrue(role.busy());
        role.halt();
        assertFalse(role.busy());
        assertEquals(1, peer.notifications().size(), "halt sends no notification");
    }

    @Test
    void refusesAnIntervalBelowOneSecond() {
        RecordingPeerContext peer = peerAt(jolokia.url()).set(OptionCode.INSPECTION_INTERVAL, "500ms");
        InvalidOptionException atSet =
                assertThrows(InvalidOptionException.class, () -> role.checkOptions(peer.options()));
        assertEquals(
                "INSPECTION_INTERVAL=500ms is not valid: expected a duration of at least 1s, such as 5s (the "
                        + "default): polling more often would load the SUT",
                atSet.getMessage());
        RoleException atStart = refusedStart("artemis", peer);
        assertEquals(ErrorCodes.INVALID_OPTION, atStart.code());
        assertEquals(atSet.getMessage(), atStart.getMessage());
        assertFalse(role.busy());
    }

    @Test
    void refusesAnUnknownInspectorNamingTheKnownOnes() {
        RecordingPeerContext peer = peerAt(jolokia.url());
        RoleException error = refusedStart("activemq", peer);
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertEquals(
                "unknown inspector 'activemq': known inspectors are artemis (an ActiveMQ Artemis broker, "
                        + "through its Jolokia agent), dispatch (a Qpid Dispatch router, through AMQP management), "
                        + "mosquitto (a Mosquitto broker, through its $SYS topics), nats (a NATS server, through its HTTP "
                        + "monitoring port) and rabbitmq (a RabbitMQ broker, through its management HTTP API)",
                error.getMessage());
    }

    @Test
    void refusesToStartWithoutAnInspectorNameOrAManagementInterface() {
        RecordingPeerContext noUrl = new RecordingPeerContext("inspector-1", "inspector", results);
        RoleException missingUrl = refusedStart("artemis", noUrl);
        assertTrue(missingUrl.getMessage().startsWith("MANAGEMENT_INTERFACE is not set"), missingUrl.getMessage());
        RoleException neither = refusedStart(" ", noUrl);
        assertTrue(neither.getMessage().startsWith("MANAGEMENT_INTERFACE is not set"), neither.getMessage());
        RecordingPeerContext unknownScheme = peerAt("ftp://127.0.0.1:21");
        RoleException noInspector = refusedStart(" ", unknownScheme);
        assertEquals(ErrorCodes.INVALID_OPTION, noInspector.code());
        assertTrue(
                noInspector.getMessage().startsWith("no inspector reads ftp://127.0.0.1:21"), noInspector.getMessage());
    }

    @Test
    void withoutANameTheSchemeOfTheManagementInterfaceChoosesTheInspector() throws Exception {
        RecordingPeerContext peer = peerAt(jolokia.url()).set(OptionCode.TEST_NAME, "unnamed");
        role.handle(start(""), peer);
        assertTrue(role.busy());
        role.handle(stop(), peer);
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(
                results.resolve("unnamed/0/inspector-1@localhost/inspector.properties"), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        assertEquals("artemis", properties.getProperty("inspector.name"));
        assertEquals("dispatch", Inspectors.forUrl(org.maestro.base.net.ManagementUrl.parse("amqps://router")));
    }

    @Test
    void refusesAUrlTheNamedInspectorCannotUse() {
        RecordingPeerContext peer = peerAt("amqp://127.0.0.1:5672");
        RoleException error = refusedStart("artemis", peer);
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertTrue(
                error.getMessage().startsWith("the artemis inspector reads the broker's Jolokia over HTTP"),
                error.getMessage());
    }

    @Test
    void anUnreachableManagementInterfaceFailsTheStartClearly() {
        String url = "http://127.0.0.1:" + FreePorts.next() + "/console/jolokia";
        RecordingPeerContext peer = peerAt(url);
        RoleException error = refusedStart("artemis", peer);
        assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
        assertTrue(
                error.getMessage().startsWith("the artemis inspector cannot start: cannot connect to " + url),
                error.getMessage());
        assertTrue(
                error.getMessage().endsWith("is the SUT running and is MANAGEMENT_INTERFACE right?"),
                error.getMessage());
        assertFalse(role.busy());
    }

    @Test
    void wrongCredentialsFailTheStartWithoutShowingThePassword() {
        String url = jolokia.urlWithoutCredentials().replace("http://", "http://admin:not-it@");
        RecordingPeerContext peer = peerAt(url);
        RoleException error = refusedStart("artemis", peer);
        assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
        assertTrue(
                error.getMessage().contains("refused the credentials of user 'admin' (HTTP 401)"), error.getMessage());
        assertFalse(error.getMessage().contains("not-it"));
    }

    @Test
    void aSecondStartWhileInspectingIsRefused() throws Exception {
        RecordingPeerContext peer = peerAt(jolokia.url());
        role.handle(start("artemis"), peer);
        RoleException busy = refusedStart("artemis", peer);
        assertEquals(ErrorCodes.BUSY, busy.code());
        role.handle(stop(), peer);
        role.handle(stop(), peer); // nothing left to stop: still fine
    }

    @Test
    void aSlowSutMakesTicksSkipAndNeverGetsTwoRequestsAtOnce() throws Exception {
        try (SlowJolokiaEndpoint slow = new SlowJolokiaEndpoint(700)) {
            RecordingPeerContext peer = peerAt(slow.url()).set(OptionCode.INSPECTION_INTERVAL, "1s");
            role.handle(start("artemis"), peer);
            assertEquals(1, slow.served(), "the start asked once");
            ticker.tick();
            await("the poll's request is open").atMost(Duration.ofSeconds(20)).until(() -> slow.open() == 1);
            ticker.tick();
            ticker.tick();
            awaitPolls(1);
            ticker.tick();
            awaitPolls(2);
            PollerStats stats = role.pollerStats();
            assertEquals(2, stats.skippedTicks(), "the two ticks during the slow poll");
            assertEquals(0, stats.errors(), stats.lastError());
            assertEquals(3, slow.served(), "one request to start, one per poll");
            assertEquals(1, slow.mostOpen(), "never two requests at once");

            slow.delay(2_500); // longer than the request timeout (the 1 s interval)
            ticker.tick();
            awaitPolls(3);
            stats = role.pollerStats();
            assertEquals(1, stats.errors());
            assertTrue(stats.lastError().contains("did not answer within 1000 ms"), stats.lastError());
            role.handle(stop(), peer);
            assertEquals(Command.NOTIFY_SUCCESS, peer.notifications().get(1).command());
            assertEquals("1", peer.notifications().get(1).details().get("errors"));
        }
    }
}
