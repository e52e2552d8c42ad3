package org.maestro.common.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** What a terminal is shown of text from peers: no escape sequence, no control character, no credential. */
class ConsoleTextTest {

    @Test
    void removesColoursCursorMovesTitlesAndHyperlinks() {
        assertEquals("red plain", ConsoleText.clean("\u001b[31mred\u001b[0m plain"));
        assertEquals("cleared", ConsoleText.clean("\u001b[2J\u001b[1;1Hcleared"));
        assertEquals("titled", ConsoleText.clean("\u001b]0;owned\u0007titled"));
        assertEquals("link", ConsoleText.clean("\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\"));
        assertEquals("c1", ConsoleText.clean("\u009b31mc1"));
    }

    @Test
    void removesControlCharactersButKeepsLinesAndTabs() {
        assertEquals("bell back\nnext\tcell", ConsoleText.clean("bell\u0007 back\r\nnext\tcell\u0008"));
        assertEquals("one line", ConsoleText.oneLine("one\nline"));
        assertNull(ConsoleText.clean(null));
    }

    @Test
    void hidesCredentials() {
        assertEquals("amqp://u:***@h:5672/q failed", ConsoleText.clean("amqp://u:pw@h:5672/q failed"));
    }
}
