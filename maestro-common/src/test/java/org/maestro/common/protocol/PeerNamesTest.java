package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Peer names and hosts become directory names and topics: only safe ones enter, and a refusal names the sender. */
class PeerNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"sender-1", "receiver_2", "r", "ip-10-0-0-1.ec2.internal", "Agent.7"})
    void safeNamesAreAccepted(String name) {
        assertTrue(PeerNames.check(new PeerInfo("id-1", name, name, "sender")).isEmpty());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/some/absolute/dir",
                "..",
                ".",
                ".hidden",
                "a/b",
                "a\\b",
                "a@b",
                "",
                "-flag",
                "tab\there",
                "new\nline",
                "#",
                "+",
                "é"
            })
    void unsafeNamesAreRefusedSayingWhichFieldAndTheRule(String name) {
        String why = PeerNames.check(new PeerInfo("id-1", name, "h", "sender")).orElseThrow();
        assertTrue(why.startsWith("name "), why);
        assertTrue(why.contains("letters, digits"), why);
    }

    @Test
    void lengthsAreBounded() {
        String longName = "n".repeat(PeerNames.MAX_NAME + 1);
        assertTrue(PeerNames.check(new PeerInfo("id", longName, "h", "r"))
                .orElseThrow()
                .contains("longer than 64"));
        assertTrue(
                PeerNames.check(new PeerInfo("id", "n", "h".repeat(253), "r")).isEmpty());
        assertTrue(PeerNames.check(new PeerInfo("id", "n", "h".repeat(254), "r"))
                .orElseThrow()
                .startsWith("host of 254 characters"));
        assertTrue(PeerNames.check(new PeerInfo("a/#", "n", "h", "r"))
                .orElseThrow()
                .startsWith("id "));
        assertTrue(PeerNames.check(new PeerInfo("id", "n", "h", "../r"))
                .orElseThrow()
                .startsWith("role "));
    }

    @Test
    void escapingShowsControlCharactersAndQuotesAndCutsLongText() {
        assertEquals("\"a\\u001b[31mb\\u0022\"", PeerNames.escape("a\u001b[31mb\""));
        String escaped = PeerNames.escape("x".repeat(500));
        assertTrue(escaped.endsWith("… (500 characters)"), escaped);
        assertTrue(escaped.length() < 120, escaped);
    }

    @Test
    void aNoteFromABadlyNamedPeerIsRefusedNamingTheClaimedSender() {
        PeerInfo liar = new PeerInfo("id-9", "/etc", "h", "receiver");
        byte[] note = NoteCodec.encode(
                Note.notification(Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of()), liar, "c"));

        MalformedNoteException refused = assertThrows(MalformedNoteException.class, () -> NoteCodec.decode(note));

        assertEquals(liar, refused.sender().orElseThrow());
        assertTrue(refused.getMessage().contains("name \"/etc\" breaks the rule"), refused.getMessage());
    }

    @Test
    void aReplyWhosePayloadIsOfAnotherLayoutIsRefusedNamingTheSender() {
        PeerInfo peer = new PeerInfo("id-2", "sender-1", "h", "sender");
        Note stats =
                Note.request(Command.STATS).reply(Command.STATS, new Payload.Stats("sender", 1, 2, 3.0, 4, 5), peer);
        byte[] mistyped = NoteCodec.encode(stats);
        mistyped[1] = (byte) Command.PING.code();

        MalformedNoteException refused = assertThrows(MalformedNoteException.class, () -> NoteCodec.decode(mistyped));

        assertEquals(peer, refused.sender().orElseThrow());
        assertTrue(refused.getMessage().startsWith("RESPONSE PING note does not carry a PING_REPLY payload"));
    }

    @Test
    void aPeerRefusesToStartUnderAnUnsafeName() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> PeerNames.requireValid("name", "../x", PeerNames.MAX_NAME));
        assertTrue(refused.getMessage().startsWith("peer name \"../x\" breaks the rule"), refused.getMessage());
    }
}
