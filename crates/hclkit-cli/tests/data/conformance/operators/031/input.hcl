a = null == null
