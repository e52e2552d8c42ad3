package org.maestro.amqp.management;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.ManagementUrl;
import org.maestro.embedded.EmbeddedArtemis;

/** The AMQP management client's SASL PLAIN login refused by an embedded Artemis with security on. */
class AmqpManagementLoginTest {

    @Test
    void aWrongPasswordNamesTheUserAndTheSettingWithoutThePassword() throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .name("management-login")
                .withoutJmx()
                .user("inspector", "r1ght-pa55")
                .start()) {
            String url = "amqp://inspector:wr0ng-pa55@" + broker.host() + ":" + broker.amqpPort();
            AmqpManagementException e = assertThrows(
                    AmqpManagementException.class,
                    () -> AmqpManagementClient.to(ManagementUrl.parse(url))
                            .timeout(Duration.ofSeconds(10))
                            .urlSetting("MANAGEMENT_INTERFACE")
                            .connect());
            assertTrue(
                    e.getMessage()
                            .startsWith("amqp://inspector:***@" + broker.host() + ":" + broker.amqpPort()
                                    + " refused the credentials of user 'inspector' (SASL); check the user and password in "
                                    + "MANAGEMENT_INTERFACE"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("wr0ng"), e.getMessage());
        }
    }
}
