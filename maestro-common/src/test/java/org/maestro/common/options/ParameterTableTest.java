package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parameters a peer records: what was set, the defaults of the rest, and the URLs as each side used them. */
class ParameterTableTest {

    @Test
    void anUnsetParameterIsRecordedAsTheDefaultThePeerUses() {
        TestOptions options =
                TestOptions.DEFAULTS.with(OptionCode.BROKER, "amqp://h:5672/q").with(OptionCode.RATE, "50");

        Map<String, String> table = ParameterTable.of(options);

        assertEquals("50", table.get("RATE"));
        assertEquals("256", table.get("MESSAGE_SIZE"));
        assertEquals("1", table.get("PARALLEL_COUNT"));
        assertEquals("1m", table.get("TEST_DURATION"));
        assertEquals("0", table.get("WARM_UP"));
        assertEquals("0", table.get("MAXIMUM_LATENCY"));
        assertEquals("soft", table.get("MAXIMUM_LATENCY_MODE"));
        assertEquals("1000", table.get("PRIMING_MESSAGES"));
        assertEquals("amqp://h:5672/q", table.get("SEND_RECEIVE_URL"));
        assertFalse(table.containsKey("SEND_URL") || table.containsKey("RECEIVE_URL"), table.toString());
        assertFalse(table.containsKey("MANAGEMENT_INTERFACE"), "a parameter without a default stays out");
    }

    @Test
    void theRecordedDefaultsReadBackAsTheValuesThePeerUses() {
        TestOptions unset = TestOptions.DEFAULTS;
        TestOptions recorded = TestOptions.DEFAULTS.withAll(TestOptions.DEFAULT_VALUES);

        assertEquals(Duration.ofMinutes(1), unset.duration().time());
        assertEquals(new MessageSize(256, false), unset.messageSize());
        assertEquals(unset.duration(), recorded.duration());
        assertEquals(unset.messageSize(), recorded.messageSize());
        assertEquals(unset.parallelCount(), recorded.parallelCount());
        assertEquals(unset.rate(), recorded.rate());
        assertEquals(unset.warmUp(), recorded.warmUp());
        assertEquals(unset.maximumLatencyMillis(), recorded.maximumLatencyMillis());
        assertEquals(unset.hardLatencyLimit(), recorded.hardLatencyLimit());
        assertEquals(Duration.ofSeconds(5), unset.inspectionInterval());
        assertEquals(unset.inspectionInterval(), recorded.inspectionInterval());
        assertEquals(Duration.ofSeconds(30), unset.drainTimeout());
        assertEquals(unset.drainTimeout(), recorded.drainTimeout());
        assertEquals(unset.resendReleased(), recorded.resendReleased());
        assertEquals(TestOptions.DEFAULT_PRIMING_MESSAGES, unset.primingMessages());
        assertEquals(unset.primingMessages(), recorded.primingMessages());
    }

    @Test
    void differentUrlsAreRecordedAsTheUrlOfEachSide() {
        TestOptions options = TestOptions.DEFAULTS
                .with(OptionCode.BROKER, "amqp://broker:5672/q")
                .with(OptionCode.SEND_URL, "amqp://router:5672/q");

        Map<String, String> table = ParameterTable.of(options);

        assertEquals("amqp://router:5672/q", table.get("SEND_URL"));
        assertEquals("amqp://broker:5672/q", table.get("RECEIVE_URL"), "receivers used SEND_RECEIVE_URL");
        assertFalse(table.containsKey("SEND_RECEIVE_URL"), table.toString());
    }

    @Test
    void twoEqualUrlsAreOneAndRecordedParametersAreCompletedAlike() {
        Map<String, String> table = ParameterTable.complete(Map.of(
                "SEND_URL", "amqp://h:5672/q", "RECEIVE_URL", "amqp://h:5672/q", "RATE", "9", "measured.end", "5"));

        assertEquals("amqp://h:5672/q", table.get("SEND_RECEIVE_URL"));
        assertFalse(table.containsKey("SEND_URL") || table.containsKey("RECEIVE_URL"), table.toString());
        assertEquals("9", table.get("RATE"));
        assertEquals("256", table.get("MESSAGE_SIZE"));
        assertEquals("5", table.get("measured.end"), "what is not a parameter is kept as it is");
        assertEquals(ParameterTable.complete(table), table, "completing twice changes nothing");
    }
}
