<?xml version="1.0" encoding="UTF-8"?>
<!-- soap scenario: the envelope is parsed in full, its Header is dropped, and the Body content goes into a
     new SOAP 1.1 envelope. Used on the request (before the backend) and on the backend's reply. -->
<xsl:stylesheet version="1.0"
                xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
                exclude-result-prefixes="soapenv">

  <xsl:template match="/">
    <soapenv:Envelope>
      <soapenv:Body>
        <xsl:copy-of select="/soapenv:Envelope/soapenv:Body/node()"/>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
