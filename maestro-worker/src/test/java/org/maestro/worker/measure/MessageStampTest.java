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
        MessageStamp.writeFixed(body, name, 7, 0x1234ABCD);
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
        assertEquals(0x1234ABCD, MessageStamp.runTag(body));
        assertEquals(36 + name.length, MessageStamp.headerSize(name));

        MessageStamp.writeMessage(body, 1, 2, 3, false);
        assertFalse(MessageStamp.warmUp(body));
        assertEquals(0, body[255], "padding stays zero");
    }

    @Test
    void doesNotTakeOtherBodiesForMaestroMessages() {
        assertFalse(MessageStamp.isStamped(new byte[0]));
        assertFalse(MessageStamp.isStamped("hello, this is not a maestro message".getBytes()));
        byte[] truncated = new byte[44];
        MessageStamp.writeFixed(truncated, new byte[5], 0, 0);
        truncated[3] = 20; // a header claiming a 20-byte name in a 44-byte body
        assertFalse(MessageStamp.isStamped(truncated), "the name does not fit the body");
    }

    @Test
    void derivesACompactNonZeroRunTagFromTheRunId() {
        assertEquals(0, MessageStamp.runTag((String) null), "no RUN_ID, no tag");
        int tag = MessageStamp.runTag("0f8e6a52-1b7c-4d0e-9a51-3c2f6d7e8a90");
        assertEquals(tag, MessageStamp.runTag("0f8e6a52-1b7c-4d0e-9a51-3c2f6d7e8a90"), "the same run, the same tag");
        assertTrue(tag != 0);
        assertTrue(tag != MessageStamp.runTag("0f8e6a52-1b7c-4d0e-9a51-3c2f6d7e8a91"), "another run, another tag");
        // FNV-1a 32 of "a", computed by hand: (0x811C9DC5 ^ 0x61) * 0x01000193 mod 2^32
        assertEquals(0xE40C292C, MessageStamp.runTag("a"));
    }

    @Test
    void tellsAHeaderOfTheFormatBeforeRunTags() {
        byte[] old = new byte[64];
        old[0] = MessageStamp.MAGIC;
        old[1] = 1;
        assertFalse(MessageStamp.isStamped(old));
        assertTrue(MessageStamp.isWithoutRun(old));
        assertFalse(MessageStamp.isWithoutRun("hello".getBytes()));
    }

    @Test
    void refusesSenderNamesLongerThanTheHeaderHolds() {
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> MessageStamp.nameBytes("x".repeat(256)));
        assertTrue(error.getMessage().contains("at most 255"), error.getMessage());
    }
}
