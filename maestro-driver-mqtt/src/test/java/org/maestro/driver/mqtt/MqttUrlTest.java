package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/** The MQTT driver's URL syntax: defaults, options, credentials and the messages for bad URLs. */
class MqttUrlTest {

    @Test
    void readsDefaultsTopicAndOptions() throws Exception {
        MqttUrl plain = MqttUrl.parse("mqtt://broker/maestro/test");
        assertEquals("tcp://broker:1883", plain.serverUri());
        assertEquals("maestro/test", plain.topic());
        assertEquals(1, plain.qos());
        assertTrue(plain.clean());
        assertTrue(plain.reconnect());
        assertEquals(MqttUrl.DEFAULT_INFLIGHT, plain.inflight());
        assertEquals(3, plain.version());
        assertEquals(5, MqttUrl.parse("mqtt://h/t?version=5").version());
        assertNull(plain.user());
        assertEquals("maestro/test", plain.subscription());

        MqttUrl all = MqttUrl.parse(
                "mqtts://h:9999/a/b?qos=2&version=3&share=workers&clean=false&reconnect=false" + "&inflight=10");
        assertEquals("ssl://h:9999", all.serverUri());
        assertEquals(2, all.qos());
        assertFalse(all.clean());
        assertFalse(all.reconnect());
        assertEquals(10, all.inflight());
        assertEquals("$share/workers/a/b", all.subscription());
        assertEquals(8883, MqttUrl.parse("mqtts://h/t").port());
        assertEquals(
                MqttUrl.DEFAULT_QOS2_INFLIGHT, MqttUrl.parse("mqtt://h/t?qos=2").inflight());
        assertEquals("sensors/#", MqttUrl.parse("mqtt://h/sensors/%23").topic());
    }

    @Test
    void takesCredentialsFromTheUrlAndNeverShowsThePassword() throws Exception {
        MqttUrl url = MqttUrl.parse("mqtt://maestro:s%40cret@h:1883/t?qos=0");
        assertEquals("maestro", url.user());
        assertEquals("s@cret", url.password());
        assertFalse(url.toString().contains("cret"), url.toString());
        DriverException error =
                assertThrows(DriverException.class, () -> MqttUrl.parse("mqtt://maestro:s3cret@h:1883/t?qos=3"));
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
        assertTrue(
                error.getMessage().contains("qos=3") && error.getMessage().contains("0 or 1 or 2"), error.getMessage());
    }

    @Test
    void refusesWhatItCannotDoWithTheFix() {
        assertMessage(
                "mqtt://h:1883/t?prefetch=1",
                "unknown option 'prefetch'",
                "qos, version, share, clean, reconnect, inflight");
        assertMessage("mqtt://h:1883/t?version=4", "version=4", "3 or 5");
        assertMessage("mqtt://h:1883/", "names no topic", "mqtt://host:1883/maestro/test");
        assertMessage("mqtt://h:1883/sensors/#", "write the MQTT wildcard # as %23", "");
        assertMessage("mqtt://h:1883/t?inflight=0", "inflight=0", "from 1 to 65535");
        assertMessage("mqtt://h:1883/t?share=a/b", "share=a/b", "without '/'");
    }

    @Test
    void isFoundByItsSchemes() throws Exception {
        assertTrue(Drivers.forUrl("mqtt://h/t") instanceof MqttDriver);
        assertTrue(Drivers.forUrl("MQTTS://h/t") instanceof MqttDriver);
    }

    private static void assertMessage(String url, String what, String fix) {
        DriverException error = assertThrows(DriverException.class, () -> new MqttDriver().check(url));
        assertTrue(error.getMessage().contains(what), error.getMessage());
        assertTrue(error.getMessage().contains(fix), error.getMessage());
    }
}
