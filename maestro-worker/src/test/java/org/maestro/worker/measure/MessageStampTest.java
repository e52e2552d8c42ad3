package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The stamp at the head of every message body: written, read back, and told from other bodies. */
class MessageStampTest {
    @Test
    void readsBackEveryFieldItWrote() {
        byte[] name = MessageStamp.nameBytes("sender-ü@host");
        byte[] body = new byte[256];
        MessageStamp.writeFixed(body, name, 7);
        MessageStamp.writeMessage(body, 0x1_2345_6789L, 1_732_262_400_000_001L, 1_732_262_400_000_999L, true);

        assertTrue(MessageStamp.isStamped(body));
        assertEquals(7, MessageStamp.connection(body));
        assertEquals(0x1_2345_6789L, MessageStamp.sequence(body));
        assertEquals(1_732_262_400_000_001L, MessageStamp.intendedMicros(body));
        assertEquals(1_732_262_400_000_999L, MessageStamp.actualMicros(body));
        assertTrue(MessageStamp.warmUp(body));
        assertEquals("sender-ü@host", MessageStamp.sender(body));
        assertTrue(MessageStamp.nameEquals(body, name));
        assertFalse(MessageStamp.nameEquals(body, MessageStamp.nameBytes("sender-u@host")));
        assertEquals(32 + name.length, MessageStamp.headerSize(name));

        MessageStamp.writeMessage(body, 1, 2, 3, false);
        assertFalse(MessageStamp.warmUp(body));
        assertEquals(0, body[255], "padding stays zero");
    }

    @Test
    void doesNotTakeOtherBodiesForMaestroMessages() {
        assertFalse(MessageStamp.isStamped(new byte[0]));
        assertFalse(MessageStamp.isStamped("hello, this is not a maestro message".getBytes()));
        byte[] truncated = new byte[40];
        MessageStamp.writeFixed(truncated, new byte[5], 0);
        truncated[3] = 20; // a header claiming a 20-byte name in a 40-byte body
        assertFalse(MessageStamp.isStamped(truncated), "the name does not fit the body");
    }

    @Test
    void refusesSenderNamesLongerThanTheHeaderHolds() {
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> MessageStamp.nameBytes("x".repeat(256)));
        assertTrue(error.getMessage().contains("at most 255"), error.getMessage());
    }
}
