package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** MESSAGE_SIZE as sizes with their shares: parsing, refusals naming what is wrong, and the draws' shares. */
class MessageSizeDistributionTest {

    @Test
    void theSharesOfTheDrawsAreThoseWritten() {
        MessageSize size = MessageSize.parse("64:50%,1024:40%,65536:10%");
        assertEquals(64, size.minimum());
        assertEquals(65536, size.maximum());
        // 64 × 0.5 + 1024 × 0.4 + 65536 × 0.1 = 32 + 409.6 + 6,553.6 = 6,995.2
        assertEquals(6995, size.bytes());
        SplittableRandom random = new SplittableRandom(7);
        Map<Integer, Integer> counts = new HashMap<>();
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            counts.merge(size.next(random), 1, Integer::sum);
        }
        assertEquals(3, counts.size(), counts.toString());
        // binomial standard deviation at 200,000 draws is at most 0.11 %: 0.6 % is more than 5 of them
        assertEquals(0.50, counts.get(64) / (double) draws, 0.006, counts.toString());
        assertEquals(0.40, counts.get(1024) / (double) draws, 0.006, counts.toString());
        assertEquals(0.10, counts.get(65536) / (double) draws, 0.006, counts.toString());
    }

    @Test
    void theSameSeedDrawsTheSameSizes() {
        MessageSize size = MessageSize.parse("100:33.33%,200:33.33%,300:33.34%");
        SplittableRandom a = new SplittableRandom(3);
        SplittableRandom b = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            assertEquals(size.next(a), size.next(b));
        }
    }

    @Test
    void theOldFormsKeepWorking() {
        assertEquals(new MessageSize(256, false), MessageSize.parse("256"));
        assertEquals(new MessageSize(256, true), MessageSize.parse("~256"));
        assertNull(MessageSize.parse("~256").distribution());
        assertEquals("~256", MessageSize.parse("~256").toString());
        assertEquals("64:50%,1024:50%", MessageSize.parse(" 64:50% , 1024:50 ").toString());
    }

    @Test
    void sharesThatDoNotAddTo100AreRefusedSayingWhatTheyAddTo() {
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> MessageSize.parse("64:50%,1024:40%"));
        assertEquals("MESSAGE_SIZE", error.option());
        assertTrue(error.getMessage().contains("shares add to 90%"), error.getMessage());
        assertTrue(error.getMessage().contains("64:50%,1024:40%,65536:10%"), "a valid example: " + error.getMessage());
        // within ±0.01 is 100%
        MessageSize.parse("64:33.33%,128:33.33%,256:33.33%");
        error = assertThrows(InvalidOptionException.class, () -> MessageSize.parse("64:33.33%,128:33.33%,256:33.32%"));
        assertTrue(error.getMessage().contains("shares add to 99.98%"), error.getMessage());
    }

    @Test
    void wrongSizesAndSharesAreRefusedNamingThem() {
        assertRefused("0:50%,64:50%", "the size 0 is not within 1..67108864 bytes");
        assertRefused("64:50%,67108865:50%", "the size 67108865 is not within");
        assertRefused("64:50%,abc:50%", "'abc' is not a number of bytes");
        assertRefused("64:50%,64:50%", "64 is listed twice");
        assertRefused("64:fifty%,128:50%", "the share 'fifty%' is not a percentage");
        assertRefused("64:0%,128:100%", "the share 0% is not within 0.01% and 100%");
        assertRefused("64:50%,128", "'128' has no share");
        // the check of the option itself, as a client makes it before sending SET
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> OptionCode.MESSAGE_SIZE.validate("64:90%"));
        assertTrue(error.getMessage().startsWith("MESSAGE_SIZE=64:90% is refused: the shares add to 90%"));
    }

    @Test
    void theDrawTableGivesEachValueItsShareOfTheSlotsExactly() {
        ShareTable<Integer> table = MessageSize.parse("1:12.34%,2:87.66%").distribution();
        // a generator that walks the slots one by one: each slot drawn once
        int[] next = {0};
        java.util.random.RandomGenerator walk = new java.util.random.RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int nextInt(int bound) {
                return next[0]++;
            }
        };
        int ones = 0;
        for (int i = 0; i < ShareTable.SLOTS; i++) {
            ones += table.draw(walk) == 1 ? 1 : 0;
        }
        assertEquals(1234, ones);
    }

    @Test
    void payloadFilesAreNamesInTheDirectoryOnly() {
        PayloadFiles files = PayloadFiles.parse("order.json,invoice.json");
        assertEquals(java.util.List.of("order.json", "invoice.json"), files.names());
        assertNull(files.shares());
        PayloadFiles weighted = PayloadFiles.parse("order.json:70%,invoice.json:30%");
        assertEquals(java.util.List.of("order.json", "invoice.json"), weighted.names());
        assertEquals(0.7, weighted.shares().share(0), 1e-9);
        for (String bad : new String[] {"../etc/passwd", "..", "a..b", "/etc/passwd", "dir/file", "", "a,,b"}) {
            InvalidOptionException error =
                    assertThrows(InvalidOptionException.class, () -> OptionCode.PAYLOAD_FILES.validate(bad), bad);
            assertEquals("PAYLOAD_FILES", error.option());
            assertTrue(error.getMessage().contains("order.json,invoice.json"), error.getMessage());
        }
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> PayloadFiles.parse("a.json:70%,b.json:20%"));
        assertTrue(error.getMessage().contains("shares add to 90%"), error.getMessage());
    }

    @Test
    void payloadRandomIsAPercentage() {
        assertEquals(0, TestOptions.DEFAULTS.payloadRandomPercent());
        assertEquals(
                40, TestOptions.DEFAULTS.with(OptionCode.PAYLOAD_RANDOM, "40%").payloadRandomPercent());
        assertEquals(
                100, TestOptions.DEFAULTS.with(OptionCode.PAYLOAD_RANDOM, "100").payloadRandomPercent());
        for (String bad : new String[] {"101", "-1", "half", "40.5"}) {
            InvalidOptionException error =
                    assertThrows(InvalidOptionException.class, () -> OptionCode.PAYLOAD_RANDOM.validate(bad), bad);
            assertEquals("PAYLOAD_RANDOM", error.option());
        }
    }

    private static void assertRefused(String value, String why) {
        InvalidOptionException error = assertThrows(InvalidOptionException.class, () -> MessageSize.parse(value));
        assertEquals("MESSAGE_SIZE", error.option());
        assertTrue(error.getMessage().contains(why), error.getMessage());
        assertTrue(error.getMessage().contains("64:50%,1024:40%,65536:10%"), error.getMessage());
    }
}
