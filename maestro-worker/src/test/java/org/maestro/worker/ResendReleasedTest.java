package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.testing.RealRouter;
import org.maestro.worker.router.SeverableProxy;

/**
 * A fixed-rate run through a real Qpid Dispatch router whose only receiver is cut off for 2 s in the middle (its
 * connection goes through a proxy that is severed): the router releases what the sender had sent towards it and
 * gives no credit until the receiver is back. Without RESEND_RELEASED the released messages are refused; with it
 * they are sent again, nothing is lost and the outage shows in the response time.
 */
class ResendReleasedTest {
    private static final long OUTAGE_MILLIS = 2_000;

    @TempDir
    static Path work;

    private static RealRouter router;

    @TempDir
    Path results;

    @BeforeAll
    static void startRouter() throws Exception {
        router = RealRouter.startStandalone(work.resolve("router"));
    }

    @AfterAll
    static void stopRouter() throws Exception {
        if (router != null) {
            router.close();
        }
    }

    private LoadTestRun runWithOutage(String scheme, boolean resend) throws Exception {
        String address = "closest/resend-" + scheme + "-" + resend;
        try (SeverableProxy proxy = new SeverableProxy(router.port())) {
            Thread outage = new Thread(
                    () -> {
                        try {
                            // the outage under test: 2.5 s into the 7 s run the receiver is cut off for OUTAGE_MILLIS
                            Thread.sleep(2_500);
                            proxy.sever();
                            Thread.sleep(OUTAGE_MILLIS);
                            proxy.restore();
                        } catch (InterruptedException | IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    "outage");
            outage.setDaemon(true);
            outage.start();
            LoadTestRun run = new LoadTestRun(
                            results,
                            Map.of(
                                    "SEND_URL",
                                    router.url(scheme, address),
                                    "RECEIVE_URL",
                                    scheme + "://127.0.0.1:" + proxy.port() + "/" + address,
                                    "TEST_DURATION",
                                    "7s",
                                    "RATE",
                                    "300",
                                    "PARALLEL_COUNT",
                                    "1",
                                    "RESEND_RELEASED",
                                    Boolean.toString(resend),
                                    "TEST_NAME",
                                    "outage-" + scheme + "-" + resend))
                    .run();
            outage.join(10_000);
            return run;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"proton", "amqp"})
    void resentMessagesTurnTheOutageIntoResponseTime(String scheme) throws Exception {
        LoadTestRun run = runWithOutage(scheme, true);
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        PeerResult sender = run.senderResult();
        OutcomeCounts outcomes = sender.outcomes();
        MessageTally total = run.total();
        String figures = total + " " + outcomes + " " + run.senderOutcome.message();
        assertTrue(total.sent() > 1_500, figures);
        assertEquals(0, total.lost(), "nothing lost: " + figures);
        assertEquals(0, total.refused(), figures);
        assertEquals(total.sent(), total.received(), figures);
        assertTrue(outcomes.accepted() >= total.sent(), "each message accepted once at least: " + figures);
        long maxResponseMicros = HistogramLogs.all(run.receiverDirectory().resolve("response-time.hlog"))
                .getMaxValue();
        assertTrue(
                maxResponseMicros >= OUTAGE_MILLIS * 1_000,
                "the response time shows the " + OUTAGE_MILLIS + " ms outage: max " + maxResponseMicros + " µs; "
                        + figures);
    }

    @ParameterizedTest
    @ValueSource(strings = {"proton"})
    void withoutResendingReleasedMessagesAreRefused(String scheme) throws Exception {
        LoadTestRun run = runWithOutage(scheme, false);
        PeerResult sender = run.senderResult();
        OutcomeCounts outcomes = sender.outcomes();
        MessageTally total = run.total();
        String figures = total + " " + outcomes + " " + run.senderOutcome.message();
        assertTrue(outcomes.released() > 0, "the router released messages: " + figures);
        assertTrue(total.refused() > 0, figures);
        assertTrue(total.refused() <= outcomes.notAccepted(), figures);
        assertEquals(total.lost(), total.refused() + total.vanished(), figures);
        assertEquals(total.sent(), total.received() + total.refused() + total.vanished(), figures);
        assertEquals(outcomes.notAccepted(), sender.errors(), "refusals count as errors: " + figures);
    }
}
