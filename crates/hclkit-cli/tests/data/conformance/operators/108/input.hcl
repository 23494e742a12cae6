a = null != null
