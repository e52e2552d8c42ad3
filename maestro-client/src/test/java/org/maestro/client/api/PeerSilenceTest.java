package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** When a peer counts as silent: a request's timeout passed without its answer, and nothing came from it since. */
class PeerSilenceTest {
    private static final Instant T0 = Instant.parse("2026-01-02T12:00:00Z");

    private final AtomicReference<Instant> now = new AtomicReference<>(T0);
    private final PeerSilence silence = new PeerSilence(now::get);

    @Test
    void aPeerIsSilentFromTheFirstRequestItLetTimeOutUntilItAnswersAgain() {
        silence.missed("p", T0.plusSeconds(1));
        silence.missed("p", T0.plusSeconds(3));
        assertEquals(Optional.of(T0.plusSeconds(1)), silence.since("p"), "from the first request it did not answer");

        now.set(T0.plusSeconds(4));
        silence.answered("p");
        assertEquals(Optional.empty(), silence.since("p"));
    }

    @Test
    void aTimeoutOvertakenByTheAnswerToALaterRequestIsNoSilence() {
        now.set(T0.plusSeconds(2));
        silence.answered("p"); // the reply to a request of 1.5 s came at 2 s
        silence.missed("p", T0.plusSeconds(1)); // the request of 1 s timed out at 3 s: it answered since
        assertEquals(Optional.empty(), silence.since("p"));

        silence.missed("p", T0.plusSeconds(2)); // a request sent when it last answered, then not answered
        assertEquals(Optional.of(T0.plusSeconds(2)), silence.since("p"), "sent at its last answer: not overtaken");
    }

    @Test
    void peersAreSilentEachOnItsOwn() {
        silence.missed("p", T0);
        assertEquals(Optional.empty(), silence.since("q"));
    }
}
