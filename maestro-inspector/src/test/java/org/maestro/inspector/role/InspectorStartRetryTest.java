package org.maestro.inspector.role;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.ManagementResponder;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.ManualTicker;

/** START_INSPECTOR against a dispatch router that is slow or not up yet is tried again; a wrong answer is not. */
class InspectorStartRetryTest {

    @TempDir
    Path results;

    private final InspectorRole role = new InspectorRole(new ManualTicker(), MicroClock.system());

    private RecordingPeerContext peer(String url) {
        return new RecordingPeerContext("inspector-1", "inspector", results)
                .set(OptionCode.MANAGEMENT_INTERFACE, url)
                .set(OptionCode.INSPECTION_INTERVAL, "1s");
    }

    private static Note start() {
        return Note.request(Command.START_INSPECTOR, new Payload.Text("dispatch"));
    }

    @Test
    void aRouterThatNeverAnswersInTimeIsTriedThreeTimesThenTheStartFails() throws Exception {
        try (ManagementResponder router = ManagementResponder.start()) {
            router.delayReplies(30_000);
            RoleException error = assertThrows(RoleException.class, () -> role.handle(start(), peer(router.url())));
            assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
            assertTrue(error.getMessage().startsWith("the dispatch inspector cannot start: "), error.getMessage());
            assertTrue(error.getMessage().contains("within 1000 ms"), error.getMessage());
            assertEquals(InspectorRole.CONNECT_ATTEMPTS, router.requests().size(), "one router QUERY per attempt");
            assertFalse(role.busy());
        }
    }

    @Test
    void slowAttemptsStopBeforeTheStartWouldOutlastTheClientsReplyDeadline() throws Exception {
        try (ManagementResponder router = ManagementResponder.start()) {
            router.delayReplies(30_000);
            RecordingPeerContext peer = peer(router.url()).set(OptionCode.INSPECTION_INTERVAL, "3s");
            long begin = System.nanoTime();
            RoleException error = assertThrows(RoleException.class, () -> role.handle(start(), peer));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            assertTrue(error.getMessage().contains("within 3000 ms"), error.getMessage());
            // three attempts of 3 s would end after the client stopped waiting (10 s); a third never begins
            assertTrue(
                    router.requests().size() < InspectorRole.CONNECT_ATTEMPTS,
                    router.requests().toString());
            assertTrue(tookMillis < 10_000, "the start took " + tookMillis + " ms");
        }
    }

    @Test
    void aRouterThatIsNotListeningYetIsInspectedOnceItIs() throws Exception {
        int port = FreePorts.next();
        String url = "amqp://127.0.0.1:" + port;
        try (Inspector early = Inspectors.create("dispatch", ManagementUrl.parse(url), Duration.ofSeconds(1))) {
            InspectionException refused = assertThrows(InspectionException.class, early::connect);
            assertEquals(InspectionException.Kind.UNREACHABLE, refused.kind(), refused.getMessage());
        }
        RecordingPeerContext peer = peer(url);
        long begin = System.nanoTime();
        CompletableFuture<Void> starting = CompletableFuture.runAsync(() -> {
            try {
                role.handle(start(), peer);
            } catch (RoleException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
        Thread.sleep(400); // the start tries while nothing listens: the router comes up only after this
        try (ManagementResponder router = ManagementResponder.start(port)) {
            starting.get(20, TimeUnit.SECONDS);
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            assertTrue(tookMillis >= 900, "the start waited before trying again, took " + tookMillis + " ms");
            assertTrue(role.busy());
            assertEquals(Command.NOTIFY_READY, peer.notifications().get(0).command());
            assertEquals(
                    "router",
                    router.requests().get(0).get("entityType").toString().replace("org.apache.qpid.dispatch.", ""));
            role.halt();
        }
    }

    @Test
    void aRouterThatAnswersTheQueryWithAnErrorIsNotTriedAgain() throws Exception {
        try (ManagementResponder router =
                ManagementResponder.start(type -> ManagementResponder.Reply.noSuchEntityType(type))) {
            RoleException error = assertThrows(RoleException.class, () -> role.handle(start(), peer(router.url())));
            assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
            assertTrue(error.getMessage().contains("is it a Qpid Dispatch router?"), error.getMessage());
            assertEquals(
                    List.of("org.apache.qpid.dispatch.router"),
                    router.requests().stream()
                            .map(r -> String.valueOf(r.get("entityType")))
                            .toList());
        }
    }
}
