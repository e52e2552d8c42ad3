package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.protocol.PeerInfo;

/** A selector picks peers by name, name@host or host, and refuses what no peer could match. */
class PeerSelectorTest {
    private final PeerInfo senderOnLab3 = new PeerInfo("id-1", "sender-1", "lab-3", "sender");
    private final PeerInfo agentOnLab4 = new PeerInfo("id-2", "agent-1", "lab-4", "agent");

    @Test
    void matchesByNameHostOrQualifiedName() {
        assertTrue(new PeerSelector("sender-1").matches(senderOnLab3));
        assertTrue(new PeerSelector("lab-3").matches(senderOnLab3));
        assertTrue(new PeerSelector("sender-1@lab-3").matches(senderOnLab3));
        assertFalse(new PeerSelector("sender-1@lab-4").matches(senderOnLab3));
        assertEquals(List.of(agentOnLab4), new PeerSelector("lab-4").select(List.of(senderOnLab3, agentOnLab4)));
    }

    @Test
    void refusesWhatNoPeerCouldMatch() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> new PeerSelector("router 2"));
        assertTrue(refused.getMessage().contains("'router 2' is not a peer name or host"), refused.getMessage());
        assertTrue(refused.getMessage().contains("name@host"), refused.getMessage());
    }
}
