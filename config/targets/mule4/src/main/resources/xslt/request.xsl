<?xml version="1.0" encoding="UTF-8"?>
<!-- xslt scenario, request side: every element of the order data gets its reversed name
     (buyStocks -> skcotSyub, order -> redro, symbol -> lobmys, buyerID -> DIreyub, price -> ecirp,
     volume -> emulov), keeping its prefix and namespace; everything else is copied as it is.
     reply.xsl is the exact inverse. -->
<xsl:stylesheet version="1.0"
                xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:m="http://services.samples/xsd">

  <xsl:template match="@*|node()">
    <xsl:copy>
      <xsl:apply-templates select="@*|node()"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="m:buyStocks">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'skcotSyub'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:buyStocks/order">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'redro'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:buyStocks/order/symbol">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'lobmys'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:buyStocks/order/buyerID">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'DIreyub'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:buyStocks/order/price">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'ecirp'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:buyStocks/order/volume">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'emulov'"/></xsl:call-template>
  </xsl:template>

  <!-- Same prefix (none if unprefixed) and namespace, new local name. -->
  <xsl:template name="rename">
    <xsl:param name="to"/>
    <xsl:variable name="prefix" select="substring-before(name(), ':')"/>
    <xsl:element name="{concat($prefix, substring(':', 1, string-length($prefix)), $to)}"
                 namespace="{namespace-uri()}">
      <xsl:apply-templates select="@*|node()"/>
    </xsl:element>
  </xsl:template>
</xsl:stylesheet>
