package org.maestro.worker;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.MosquittoProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sender and a receiver role through the MQTT driver while the Mosquitto the test started is stopped mid-run and
 * started again on the same port.
 */
class MqttOutageTest {
    private static final Logger LOG = LoggerFactory.getLogger(MqttOutageTest.class);

    @TempDir
    Path results;

    @Test
    void theSenderGoesOnAfterMosquittoRestartsAndNothingIsLostUncounted() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            String url = mosquitto.url() + "/maestro/outage/" + UUID.randomUUID() + "?qos=1";
            LoadTestRun run = new LoadTestRun(results, Map.of("SEND_RECEIVE_URL", url, "TEST_DURATION", "3500",
                    "PARALLEL_COUNT", "1", "RATE", "500", "MESSAGE_SIZE", "128", "TEST_NAME", "mqtt-outage"));
            run.run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT, () -> {
                TimeUnit.MILLISECONDS.sleep(1000); // some 500 messages into the run
                mosquitto.stop();
                TimeUnit.MILLISECONDS.sleep(1000);
                mosquitto.restart();
            });
            LOG.info("through a Mosquitto restart: {}", OutageAccounting.assertAccounted(run, 3500));
        }
    }
}
