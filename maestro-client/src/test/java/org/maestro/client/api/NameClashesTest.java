package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.protocol.PeerInfo;

/** Peers that share a name@host are found whatever their roles, named with their ids, and refuse the test. */
class NameClashesTest {
    private static final PeerInfo SENDER_A = new PeerInfo("id-a", "sender-1", "lab-3", "sender");
    private static final PeerInfo SENDER_B = new PeerInfo("id-b", "sender-1", "lab-3", "sender");
    private static final PeerInfo SENDER_ELSEWHERE = new PeerInfo("id-c", "sender-1", "lab-4", "sender");
    private static final PeerInfo RECEIVER = new PeerInfo("id-r", "receiver-1", "lab-3", "receiver");
    private static final PeerInfo INSPECTOR_AS_RECEIVER = new PeerInfo("id-i", "receiver-1", "lab-3", "inspector");

    @Test
    void distinctNamesOrTheSameNameOnAnotherHostDoNotClash() {
        assertEquals(Map.of(), NameClashes.find(List.of(SENDER_A, SENDER_ELSEWHERE, RECEIVER)));
        NameClashes.refuse("t", "mqtt://control:1883", List.of(SENDER_A, SENDER_ELSEWHERE, RECEIVER));
    }

    @Test
    void onePeerListedTwiceIsNoClash() {
        PeerInfo again = new PeerInfo("id-a", "sender-1", "lab-3", "sender");

        assertEquals(Map.of(), NameClashes.find(List.of(SENDER_A, again, RECEIVER)));
        NameClashes.refuse("t", "mqtt://control:1883", List.of(SENDER_A, again, RECEIVER));
    }

    @Test
    void everyNameAtHostSharedByTwoPeersIsFoundWhateverTheirRoles() {
        Map<String, List<PeerInfo>> clashes =
                NameClashes.find(List.of(SENDER_B, RECEIVER, SENDER_ELSEWHERE, INSPECTOR_AS_RECEIVER, SENDER_A));

        assertEquals(
                Map.of(
                        "receiver-1@lab-3",
                        List.of(INSPECTOR_AS_RECEIVER, RECEIVER),
                        "sender-1@lab-3",
                        List.of(SENDER_A, SENDER_B)),
                clashes);
        assertEquals(List.of("receiver-1@lab-3", "sender-1@lab-3"), List.copyOf(clashes.keySet()));
    }

    @Test
    void aTestWithClashingPeersIsRefusedNamingTheNameTheIdsWhyAndWhatToDo() {
        MaestroException refused = assertThrows(
                MaestroException.class,
                () -> NameClashes.refuse(
                        "fixed-rate",
                        "mqtt://user:secret@control:1883",
                        List.of(SENDER_B, RECEIVER, SENDER_A, SENDER_ELSEWHERE)));

        assertEquals(ExitCode.INFRASTRUCTURE, refused.exitCode());
        String message = refused.getMessage();
        assertTrue(
                message.startsWith("2 peers share the name sender-1@lab-3: \"sender-1\"@\"lab-3\" (role \"sender\","
                        + " id \"id-a\"), \"sender-1\"@\"lab-3\" (role \"sender\", id \"id-b\") on mqtt://"),
                message);
        assertTrue(message.contains("test 'fixed-rate' refuses to start"), message);
        assertTrue(message.contains("would be counted as one peer's"), message);
        assertTrue(message.contains("give each worker its own --name, or stop the extra one"), message);
        assertFalse(message.contains("secret"), "the password is not shown: " + message);
        assertFalse(message.contains("id-c") || message.contains("id-r"), "only the clashing peers: " + message);
    }
}
